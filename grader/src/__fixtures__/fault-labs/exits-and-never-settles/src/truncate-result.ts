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
  // #region exercise 3: truncateResult — over MAX_RESULT_CHARS, keep the first 60% and the last 40% of the budget, put truncationNote({ cut, total }) between them, set meta.truncated and meta.originalChars, and never split a surrogate pair; shorter results pass unchanged.
  const { content: text } = result;
  if (text.length <= MAX_RESULT_CHARS) return result;
  // Faulty on purpose: ends the whole process instead of returning.
  process.exit(3);

  let headEnd = Math.floor(MAX_RESULT_CHARS * HEAD_SHARE);
  let tailStart = text.length - (MAX_RESULT_CHARS - headEnd);
  // An emoji or other astral character is two UTF-16 units; cutting between them leaves invalid text.
  if (isHighSurrogate(text.charCodeAt(headEnd - 1))) headEnd -= 1;
  if (isLowSurrogate(text.charCodeAt(tailStart))) tailStart += 1;

  const note = truncationNote({ cut: tailStart - headEnd, total: text.length });
  return {
    ...result,
    content: text.slice(0, headEnd) + note + text.slice(tailStart),
    // The terminal shows that a cut happened; meta never reaches the model, so it costs no tokens.
    meta: { ...result.meta, truncated: true, originalChars: text.length },
  };
  // #starter
  //> return result;
  // #endregion exercise 3
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}
