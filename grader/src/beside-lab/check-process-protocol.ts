import { z } from 'zod';
import { MAX_PRINTED_LINE_CHARS, PrintedOutput } from '@agent-course/course';

/**
 * What the grader and the check process say to each other. The check process runs student code,
 * so it is told only what to do to the lab (the inputs of each step) and answers only with what
 * happened; expected values, the seed and every verdict stay in the grader. Nothing it sends is
 * trusted: each line is parsed with the schema below, and one that does not fit fails the check.
 */

/** A request, one JSON line on the check process's stdin. */
export type CheckProcessRequest =
  | {
      /** First: which lab to load, and where the process works. */
      kind: 'task';
      dayId: string;
      labDir: string;
      /** The process's working folder and TMPDIR: the grade's folder for student code. */
      workDir: string;
    }
  | {
      /** Second, once the grader has compiled the lab: its compiled files (see CompiledLab). */
      kind: 'modules';
      modules: unknown;
    }
  | {
      /** A check begins: its time limit runs from the answer, and what the lab prints is its own. */
      kind: 'begin';
      checkId: string;
    }
  | {
      /** One step of the running check: call `operation` of its driving part with `input`. */
      kind: 'drive';
      id: number;
      operation: string;
      input: unknown;
      /** The check's scratch folder, made by the grader. */
      scratchDir: string;
    }
  | {
      /** The running check is over: the answer says what the lab printed during it. */
      kind: 'end';
    };

/** The longest message, error or place a lab's throw may be reported with. */
const MAX_THROW_TEXT_CHARS = 4_000;

/** What the lab's code threw during a step, as plain data. */
export const LabThrow = z.strictObject({
  /** The error's message (or the value thrown, as text). */
  message: z.string().max(MAX_THROW_TEXT_CHARS),
  /** The lab's own line it came from, as `src/file.ts:line`, when a frame names one. */
  at: z.string().max(MAX_THROW_TEXT_CHARS).optional(),
  /** It was a call of process.exit, not a throw. */
  exit: z.boolean().optional(),
  /** The lab's file did not import, or lacks an export the check needs. */
  loadError: z.boolean().optional(),
  /** Importing `file` of the lab threw `reason`, from the lab's line `at` when a frame names one. */
  importFailed: z
    .strictObject({
      file: z.string().max(MAX_THROW_TEXT_CHARS),
      reason: z.string().max(MAX_THROW_TEXT_CHARS),
      at: z.string().max(MAX_THROW_TEXT_CHARS).optional(),
    })
    .optional(),
});
export type LabThrow = z.infer<typeof LabThrow>;

/** One line the check process sends the grader on MESSAGE_FD. */
export const CheckProcessMessage = z.discriminatedUnion('kind', [
  /** The lab's files are being imported, before any check. */
  z.strictObject({ kind: z.literal('loading') }),
  /** The lab is loaded (or failed to, which each check then meets itself): checks may begin. */
  z.strictObject({ kind: z.literal('ready') }),
  /** The answer to `begin`. */
  z.strictObject({ kind: z.literal('begun') }),
  /** The answer to a `drive` step: what the operation observed. */
  z.strictObject({
    kind: z.literal('answer'),
    id: z.number().int(),
    // Optional: an operation that returns nothing sends no output (JSON drops an undefined).
    output: z.unknown().optional(),
  }),
  /** The answer to a `drive` step whose lab code threw (or exited) instead. */
  z.strictObject({ kind: z.literal('threw'), id: z.number().int(), threw: LabThrow }),
  /** The answer to `end`: what the lab printed during the check, if anything. */
  z.strictObject({ kind: z.literal('ended'), printed: PrintedOutput.optional() }),
  /** Something escaped the running step (an uncaught throw, an unhandled rejection); the process ends. */
  z.strictObject({
    kind: z.literal('crashed'),
    how: z.enum(['uncaught', 'unhandled']),
    threw: LabThrow,
  }),
  /** One of the first lines the lab printed during the check, told as it is printed. */
  z.strictObject({ kind: z.literal('printed-line'), line: z.string().max(MAX_PRINTED_LINE_CHARS) }),
  /** How many lines the lab has printed during the check so far, past those told. */
  z.strictObject({ kind: z.literal('printed-count'), lines: z.number().int().positive() }),
]);
export type CheckProcessMessage = z.infer<typeof CheckProcessMessage>;

/** A message line, parsed; undefined for anything that is not exactly a message. */
export function parseCheckProcessMessage(line: string): CheckProcessMessage | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    return undefined;
  }
  const checked = CheckProcessMessage.safeParse(parsed);
  return checked.success ? checked.data : undefined;
}
