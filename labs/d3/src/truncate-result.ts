import type { ToolResult } from '@agent-course/core';

/** The most characters one tool result may feed back; the whole conversation is resent every turn. */
export const MAX_RESULT_CHARS = 8000;

/**
 * The sentence put where the middle was. The model cannot see an ellipsis as a gap, but it can act on
 * an instruction: how much is missing and how to get at it.
 */
export function truncationNote({ cut, total }: { cut: number; total: number }): string {
  return `\n[${cut} of ${total} chars cut; narrow, or use an offset]\n`;
}

// TODO(3): truncateResult: keep a long result within MAX_RESULT_CHARS, head and tail
//   A result longer than MAX_RESULT_CHARS keeps 60% of the budget from its start and 40% from its
//   end, with truncationNote({ cut, total }) where the middle was; work out cut and total yourself.
//   Set meta.truncated and meta.originalChars. Never split a surrogate pair: an emoji that a cut
//   would halve is left out whole and counted as cut. Name the 60% once, next to MAX_RESULT_CHARS,
//   not as a bare number inside the function. Shorter results pass unchanged.
/** Keeps a result within MAX_RESULT_CHARS plus the note, keeping its start and its end. */
export function truncateResult(result: ToolResult): ToolResult {
  return result;
}
