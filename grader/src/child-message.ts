import { writeSync } from 'node:fs';
import { z } from 'zod';
import { CheckResult, MAX_PRINTED_LINE_CHARS } from '@agent-course/course';
import { MESSAGE_FD } from './spawn-bounded';

/** One line the check child sends the grader on MESSAGE_FD. */
export const ChildMessage = z.discriminatedUnion('kind', [
  z.strictObject({
    /**
     * The lab's files are being imported (the day's loadLab), before the first check: the child
     * ending before a check starts is then the lab's load never finishing.
     */
    kind: z.literal('loading'),
  }),
  z.strictObject({
    /** A check begins; its time limit runs from now. */
    kind: z.literal('started'),
    /** The check's id. */
    checkId: z.string(),
  }),
  z.strictObject({
    /**
     * One of the first lines the lab printed during the running check (MAX_TOLD_PRINTED_LINES),
     * sent as it is printed, so a check that is then stopped (a hang, a crash) still shows it.
     */
    kind: z.literal('printed-line'),
    line: z.string().max(MAX_PRINTED_LINE_CHARS),
  }),
  z.strictObject({
    /** How many lines the lab has printed during the running check so far, past those told. */
    kind: z.literal('printed-count'),
    lines: z.number().int().positive(),
  }),
  z.strictObject({
    /** A check ended; its result is the one the report shows, before paths are scrubbed. */
    kind: z.literal('finished'),
    /** What it found, its id included. */
    result: CheckResult,
  }),
]);
export type ChildMessage = z.infer<typeof ChildMessage>;

/** One line on the channel: a message and the token that proves the grader's own code sent it. */
const ChildLine = z.strictObject({ token: z.string(), message: ChildMessage });

// Taken when this module loads, before any lab code runs: a lab that later replaces
// JSON.stringify or fs.writeSync (and re-syncs the built-in exports) must not see the token go by.
const stringify = JSON.stringify;
const toBytes = Buffer.from.bind(Buffer);
const write = writeSync;

/**
 * Writes a message to the grader. Synchronous, so it is out before the child exits. The token
 * comes from the grader on stdin and lives only in run-checks.ts: lab code running in the same
 * process can write to MESSAGE_FD too, but without the token its lines are ignored.
 */
export function sendChildMessage({
  message,
  token,
}: {
  message: ChildMessage;
  token: string;
}): void {
  const bytes = toBytes(`${stringify({ token, message })}\n`);
  let written = 0;
  while (written < bytes.length) written += write(MESSAGE_FD, bytes, written);
}

/** The message on one line, or undefined for anything that is not exactly a message with this token. */
export function parseChildMessage({
  line,
  token,
}: {
  line: string;
  token: string;
}): ChildMessage | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    return undefined;
  }
  const checked = ChildLine.safeParse(parsed);
  return checked.success && checked.data.token === token ? checked.data.message : undefined;
}
