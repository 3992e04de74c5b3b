import type { ToolResult } from '@agent-course/core';

/** The most characters one tool result may feed back; the whole conversation is resent every turn. */
export const MAX_RESULT_CHARS = 8000;

/** The share of the budget kept from the start; the rest comes from the end, where conclusions sit. */
export const HEAD_SHARE = 0.6;

/**
 * The sentence put where the middle was. The model cannot see an ellipsis as a gap, but it can act on
 * an instruction. With five-digit counts it is 54 characters: 20,000 characters become 8,054.
 */
export function truncationNote({ cut, total }: { cut: number; total: number }): string {
  return `\n[${cut} of ${total} chars cut; narrow, or use an offset]\n`;
}

/**
 * Keeps a result within MAX_RESULT_CHARS plus the note by cutting the middle: the head usually holds the
 * most relevant lines, the tail the conclusion (a test summary, an error's last line), so neither goes.
 */
export function truncateResult(result: ToolResult): ToolResult {
  // TODO(3): truncateResult: keep a long result within MAX_RESULT_CHARS, head and tail
  //   Over MAX_RESULT_CHARS, keep the first 60% and the last 40% of the budget, put
  //   truncationNote({ cut, total }) between them, set meta.truncated and meta.originalChars, and
  //   never split a surrogate pair: an emoji that a cut would halve is left out whole and counted
  //   as cut. Shorter results pass unchanged.
  return result;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}
