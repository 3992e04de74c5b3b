import type { ToolCall, ToolCallDelta } from '@agent-course/core';
import { MAX_DESCRIBED_CALLS } from '../../../beside-lab/limits';

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

/** The two calls a gateway that numbers every parallel call 0 sends, in arrival order. */
export const SAME_INDEX_CALLS: ToolCall[] = [
  { id: 'call_read_c', name: 'read_file', args: '{"path":"src/calc.js"}' },
  { id: 'call_glob_d', name: 'glob', args: '{"pattern":"test/**"}' },
];

/**
 * Two calls both at index 0, one after the other, as some gateways send parallel calls: only the
 * new id tells the second call from the first.
 */
export function sameIndexFragments(): ToolCallDelta[] {
  return SAME_INDEX_CALLS.flatMap(({ id, name, args }) => [
    { index: 0, id, name },
    ...cut(args, [4, 11]).map((argsDelta) => ({ index: 0, argsDelta })),
  ]);
}

/**
 * A call as a lab may give it: any part may be missing (a lab's list may even hold no call at a
 * position), since a lab's merge can go wrong in any of these ways.
 */
export type CallLike = Partial<ToolCall>;

/**
 * A call list in one line, for expected-vs-got messages; an empty call shows as such. A lab's
 * list may have holes (an array written at `calls[delta.index]` from 1; they reach the grader as
 * null), which `map` would skip and `join` print as nothing, so every position is visited. Past MAX_DESCRIBED_CALLS the rest
 * are counted, not listed.
 */
export function describeCalls(calls: ReadonlyArray<CallLike | null | undefined>): string {
  if (calls.length === 0) return 'no calls';
  const shown = Array.from(calls.slice(0, MAX_DESCRIBED_CALLS), (call, position) =>
    describeCall({ call, position }),
  );
  const more = calls.length - shown.length;
  return [...shown, ...(more > 0 ? [`${more} more calls (${calls.length} in all)`] : [])].join(
    ' | ',
  );
}

/**
 * One call as `name#id args`. A call with neither a name nor arguments, or no call at all (the
 * hole an array leaves at an unused index), would print as almost nothing, so it is named for
 * what it is; so is each part a call lacks, which would otherwise print as a doubled space.
 */
export function describeCall({
  call,
  position,
}: {
  call: CallLike | null | undefined;
  position: number;
}): string {
  if (!call || (!call.name && !call.args)) return `<empty call at index ${position}>`;
  return `${call.name || '<no name>'}#${call.id || '<no id>'} ${call.args || '<no arguments>'}`;
}
