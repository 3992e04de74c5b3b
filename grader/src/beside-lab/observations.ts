import { z } from 'zod';

/**
 * What the check process reports of the lab, shared by both sides: the driving parts build these
 * from what the lab's code returned, and the judging parts read them with readAnswer. Every text
 * is bounded: what the lab returns may be of any size.
 */

/** The longest text of a lab's an answer may carry (a result that was not cut, say). */
export const MAX_SEEN_TEXT_CHARS = 500_000;

/** The deepest a result's meta may nest (`{ a: { b: 1 } }` is 2 deep). */
export const MAX_META_DEPTH = 8;
/** The most characters a result's meta may hold, its keys' and values' together. */
export const MAX_META_CHARS = 20_000;

/**
 * A result's meta as the lab's code left it, bounded: judging quotes it as JSON, and a meta
 * thousands of levels deep, or of a million characters, would exhaust the grader's stack or flood
 * its report. Walked without recursion, so no nesting can exhaust the stack here either.
 */
export const MetaSeen = z.record(z.string(), z.unknown()).refine(fitsMetaBounds, {
  message: `meta nests deeper than ${MAX_META_DEPTH} levels or holds over ${MAX_META_CHARS} characters`,
});
export type MetaSeen = z.infer<typeof MetaSeen>;

function fitsMetaBounds(meta: Record<string, unknown>): boolean {
  const pending: { value: unknown; depth: number }[] = [{ value: meta, depth: 1 }];
  let chars = 0;
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value, depth } = next;
    if (value !== null && typeof value === 'object') {
      if (depth > MAX_META_DEPTH) return false;
      for (const [key, item] of Object.entries(value)) {
        chars += key.length + 1;
        if (chars > MAX_META_CHARS) return false;
        pending.push({ value: item, depth: depth + 1 });
      }
    } else {
      chars += String(value).length;
      if (chars > MAX_META_CHARS) return false;
    }
  }
  return true;
}

/** A ToolResult the lab's code returned. */
export const ToolResultSeen = z.object({
  ok: z.boolean(),
  content: z.string().max(MAX_SEEN_TEXT_CHARS),
  meta: MetaSeen.optional(),
});
export type ToolResultSeen = z.infer<typeof ToolResultSeen>;

/** The first throw of one of the lab's tools while a step ran (see beside-lab/record-throws.ts). */
export const ToolThrowSeen = z.strictObject({
  /** The tool's name. */
  tool: z.string().max(200),
  /** The error's message. */
  message: z.string().max(4_000),
  /** The lab's line it came from, as `src/file.ts:line`. */
  at: z.string().max(1_000).optional(),
  /** Whether the arguments it was given fit the tool's own schema. */
  argsFitSchema: z.boolean().optional(),
});
export type ToolThrowSeen = z.infer<typeof ToolThrowSeen>;
