// Generated from solutions/d3/src/truncate-result.ts (day 3's solution, finished) by
// `pnpm starter d3`. Do not edit it here: change the solution and run that again.
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

/** The share of the budget kept from the start; the rest comes from the end, where conclusions sit. */
const HEAD_SHARE = 0.6;

/**
 * Keeps a result within MAX_RESULT_CHARS plus the note by cutting the middle: the head usually holds the
 * most relevant lines, the tail the conclusion (a test summary, an error's last line), so neither goes.
 */
export function truncateResult(result: ToolResult): ToolResult {
  const original = result.content;
  if (original.length <= MAX_RESULT_CHARS) return result;

  let headEnd = Math.floor(MAX_RESULT_CHARS * HEAD_SHARE);
  let tailStart = original.length - (MAX_RESULT_CHARS - headEnd);
  // An emoji or other astral character is two UTF-16 units; cutting between them leaves invalid text.
  if (HIGH_HALF.test(original.charAt(headEnd - 1))) headEnd -= 1;
  if (LOW_HALF.test(original.charAt(tailStart))) tailStart += 1;

  const note = truncationNote({ cut: tailStart - headEnd, total: original.length });
  return {
    ...result,
    content: original.slice(0, headEnd) + note + original.slice(tailStart),
    // The terminal shows that a cut happened; meta never reaches the model, so it costs no tokens.
    meta: { ...result.meta, truncated: true, originalChars: original.length },
  };
}

/** The first and the second UTF-16 unit of a character outside the Basic Multilingual Plane. */
const HIGH_HALF = /[\uD800-\uDBFF]/;
const LOW_HALF = /[\uDC00-\uDFFF]/;
