import { z } from 'zod';
import { LabThrow } from '../../../beside-lab/check-process-protocol';
import { STDERR_TAIL_CHARS } from '../../../beside-lab/limits';
import { LabTranscript } from './lab-transcript';

/** The longest error a scripted run's loop may report it stopped with. */
export const MAX_RUN_ERROR_CHARS = 4_000;

/** The run ended with a throw of the lab's code instead. */
const RunThrew = z.strictObject({ thrown: LabThrow });

/**
 * A run of day 3's scenario through the lab's command line, as `MOCK=1 pnpm start` runs it: built
 * by run-lab-cli.ts, read and judged by judge-lab-run.ts.
 */
export const CommandLineRunSeen = z.union([
  RunThrew,
  z.strictObject({
    /** The exit code the command line returned. */
    exitCode: z.number().int(),
    /** The end of what it wrote on stderr. */
    stderr: z.string().max(STDERR_TAIL_CHARS),
    /** The transcript it wrote; absent when it wrote none, or none in the transcript's shape. */
    transcript: LabTranscript.optional(),
  }),
]);
export type CommandLineRunSeen = z.infer<typeof CommandLineRunSeen>;

/** A script of the grader's played against the lab's loop and registry. */
export const ScriptedRunSeen = z.union([
  RunThrew,
  z.strictObject({
    /** How the lab's loop said the run ended. */
    stopReason: z.string().max(MAX_RUN_ERROR_CHARS),
    /** The error the loop said it stopped with, if any. */
    error: z.string().max(MAX_RUN_ERROR_CHARS).optional(),
    /** The run, in the command line's transcript shape; absent when it does not fit that shape. */
    transcript: LabTranscript.optional(),
  }),
]);
export type ScriptedRunSeen = z.infer<typeof ScriptedRunSeen>;

/**
 * How one of the lab's tools answered a call run alone, outside the registry, on a fresh sandbox
 * (call-order asks, to tell a tool's own failure from its registry's): `ok` or `failed` as its
 * result said, or it `threw`, or the call's arguments do not parse or fit its schema
 * (`arguments-refused`), or the lab has no tool of that name (`no-such-tool`).
 */
export const ToolAloneSeen = z.strictObject({
  answered: z.enum(['ok', 'failed', 'threw', 'arguments-refused', 'no-such-tool']),
});
export type ToolAloneSeen = z.infer<typeof ToolAloneSeen>;
