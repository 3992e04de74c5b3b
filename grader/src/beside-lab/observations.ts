import { z } from 'zod';

/**
 * What the check process reports of the lab, shared by both sides: the driving parts build these
 * from what the lab's code returned, and the judging parts read them with readAnswer. Every text
 * is bounded: what the lab returns may be of any size.
 */

/** The longest text of a lab's an answer may carry (a result that was not cut, say). */
export const MAX_SEEN_TEXT_CHARS = 500_000;

/** A ToolResult the lab's code returned. */
export const ToolResultSeen = z.object({
  ok: z.boolean(),
  content: z.string().max(MAX_SEEN_TEXT_CHARS),
  meta: z.record(z.string(), z.unknown()).optional(),
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
