import { z } from 'zod';

/** A tool a scripted run's registry holds: one of the lab's, or a stand-in the grader makes. */
export const ScenarioTool = z.union([
  z.strictObject({
    /** One of the lab's three tools, by name. */
    lab: z.enum(['glob', 'grep', 'read_file']),
  }),
  z.strictObject({
    /** A stand-in's name; it takes one optional `text` and echoes it. */
    standIn: z.string(),
    /** When set, the stand-in throws an Error with this message instead. */
    throws: z.string().optional(),
  }),
]);
export type ScenarioTool = z.infer<typeof ScenarioTool>;

/**
 * A script the grader plays against the lab's loop and registry instead of the lab's own
 * scenario, so a lab cannot change what it is graded on. The judging part generates it from the
 * seed and sends it to the check process as a step's input (see run-lab-cli.ts); what the run
 * must show stays in the grader.
 */
export const ScriptedScenario = z.strictObject({
  /** What the variant tries, for messages. */
  label: z.string(),
  /** The question the run is asked. */
  question: z.string(),
  /** One turn per model request: text, then calls sent exactly as written. */
  turns: z.array(
    z.strictObject({
      text: z.string().optional(),
      toolCalls: z.array(z.strictObject({ name: z.string(), args: z.string() })).optional(),
    }),
  ),
  /** Seeds the scripted model's cut points. */
  seed: z.number().int(),
  /** How the stream misbehaves. */
  quirks: z.strictObject({
    indexBase: z.number().int().nonnegative().optional(),
    interleave: z.boolean().optional(),
    headsOutOfOrder: z.boolean().optional(),
    toolTurnFinishReason: z.enum(['tool_calls', 'stop']).optional(),
  }),
  /** The registry's tools, in order. */
  tools: z.array(ScenarioTool),
});
export type ScriptedScenario = z.infer<typeof ScriptedScenario>;
