import type { ToolResult } from '@agent-course/core';

export const MAX_RESULT_CHARS = 8000;
export const HEAD_SHARE = 0.6;

export function truncationNote({ cut, total }: { cut: number; total: number }): string {
  return `\n[${cut} of ${total} chars cut; narrow, or use an offset]\n`;
}

// Broken on purpose (truncation): keeps only the head, so the tail (often the conclusion) is lost.
export function truncateResult(result: ToolResult): ToolResult {
  const { content: text } = result;
  if (text.length <= MAX_RESULT_CHARS) return result;
  const note = truncationNote({ cut: text.length - MAX_RESULT_CHARS, total: text.length });
  return {
    ...result,
    content: text.slice(0, MAX_RESULT_CHARS) + note,
    meta: { ...result.meta, truncated: true, originalChars: text.length },
  };
}
