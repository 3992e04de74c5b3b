import type { ToolCall, ToolCallDelta } from '@agent-course/core';

/** The two calls the fragments below carry, in index order. */
export const EXPECTED_CALLS: ToolCall[] = [
  { id: 'call_glob_a', name: 'glob', args: '{"pattern":"src/**/*.js","limit":20}' },
  // An escaped quote and an escaped backslash, so splits can land inside an escape.
  { id: 'call_grep_b', name: 'grep', args: '{"pattern":"say \\"hi\\"\\\\n","include":"**/*.md"}' },
];

/**
 * Two parallel calls as a gateway streams them: indexes 1 and 2 (not 0), the second call's head
 * first, argument pieces alternating, and cuts inside strings and escape sequences.
 */
export function interleavedFragments(): ToolCallDelta[] {
  const [glob, grep] = EXPECTED_CALLS as [ToolCall, ToolCall];
  const globPieces = cut(glob.args, [3, 9, 17, 30]);
  const grepPieces = cut(grep.args, [5, 13, 17, 18, 23, 40]);
  const fragments: ToolCallDelta[] = [
    { index: 2, id: grep.id, name: grep.name, argsDelta: '' },
    { index: 1, id: glob.id, name: glob.name },
  ];
  const longest = Math.max(globPieces.length, grepPieces.length);
  for (let position = 0; position < longest; position++) {
    const grepPiece = grepPieces[position];
    const globPiece = globPieces[position];
    if (grepPiece !== undefined) fragments.push({ index: 2, argsDelta: grepPiece });
    if (globPiece !== undefined) fragments.push({ index: 1, argsDelta: globPiece });
  }
  return fragments;
}

/** Splits text at the given offsets. */
function cut(text: string, offsets: number[]): string[] {
  const bounds = [0, ...offsets, text.length];
  return bounds.slice(1).map((end, position) => text.slice(bounds[position], end));
}

/** A call list in one line, for expected-vs-got messages. */
export function describeCalls(calls: ToolCall[]): string {
  if (calls.length === 0) return 'no calls';
  return calls.map((call) => `${call.name}#${call.id} ${call.args}`).join(' | ');
}
