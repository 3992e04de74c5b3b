import { z } from 'zod';
import { ToolResultSeen, ToolThrowSeen } from '../../../beside-lab/observations';

/**
 * What day 4's check process reports of the lab, shared by both sides: the driving parts
 * (beside-lab/) build these from what the lab's code did, and the judging parts (judging/) read them
 * with readAnswer. Every text and list is bounded: what the lab returns may be of any size.
 */

/**
 * The longest content of a tool's result an answer carries whole. A longer one (a command's
 * output that was never bounded) comes as its first and last halves of this, with the number of
 * characters left out between them, so a flood cannot fill the grader's channel.
 */
export const MAX_KEPT_CONTENT_CHARS = 200_000;

/** The longest text of a tool's the check process quotes when a call did not return a result. */
export const MAX_RETURNED_CHARS = 2_000;

/** What one call of one of the lab's tools did (see beside-lab/call-tool.ts). */
export const ToolCallSeen = z.discriminatedUnion('kind', [
  /** It returned a result; `cutChars` characters were left out of the middle of a long content. */
  z.strictObject({
    kind: z.literal('result'),
    result: ToolResultSeen,
    cutChars: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
  }),
  /** It returned something that is not a result: what, as JSON. */
  z.strictObject({
    kind: z.literal('not-a-result'),
    tool: z.string().max(200),
    returned: z.string().max(MAX_RETURNED_CHARS),
  }),
  /** It threw. */
  z.strictObject({ kind: z.literal('threw'), thrown: ToolThrowSeen }),
]);
export type ToolCallSeen = z.infer<typeof ToolCallSeen>;

/** The most tool results of one scripted run an answer lists (the kit's script plays ten turns). */
export const MAX_RUN_RESULTS = 50;
/** The longest content of one tool message of a scripted run an answer carries. */
export const MAX_RUN_MESSAGE_CHARS = 10_000;
/** The longest first line of a tool result an answer carries (the report quotes at most 140). */
export const MAX_FIRST_LINE_CHARS = 1_000;
/** The longest error of a run's an answer carries. */
export const MAX_RUN_ERROR_CHARS = 10_000;

/** A scripted run of the lab's loop with its tools (see beside-lab/red-to-green.ts). */
export const ScriptedRunSeen = z.strictObject({
  /** Each tool-result event of the run, in order: the tool, whether it worked, its first line. */
  results: z
    .array(
      z.strictObject({
        tool: z.string().max(200),
        ok: z.boolean(),
        firstLine: z.string().max(MAX_FIRST_LINE_CHARS),
      }),
    )
    .max(MAX_RUN_RESULTS),
  /** The content of each tool message in the conversation runAgent returned, in order. */
  toolMessages: z.array(z.string().max(MAX_RUN_MESSAGE_CHARS)).max(MAX_RUN_RESULTS),
  /** runAgent's stopReason. */
  stopReason: z.string().max(200),
  /** runAgent's error, for a run that did not end with done. */
  error: z.string().max(MAX_RUN_ERROR_CHARS).optional(),
  /** The first throw of one of the lab's tools during the run. */
  thrown: ToolThrowSeen.optional(),
});
export type ScriptedRunSeen = z.infer<typeof ScriptedRunSeen>;
