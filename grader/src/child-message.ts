import { writeSync } from 'node:fs';
import { type ChildReport, isChildReport } from './child-report';
import { MESSAGE_FD } from './spawn-bounded';

/** One line the check child sends the grader on MESSAGE_FD. */
export type ChildMessage =
  | {
      /** A check begins; its time limit runs from now. */
      kind: 'started';
      /** The check's id. */
      checkId: string;
    }
  | {
      /** A check ended with a report. */
      kind: 'finished';
      /** The check's id. */
      checkId: string;
      /** What it found. */
      report: ChildReport;
    };

/** Writes a message to the grader. Synchronous, so it is out before the child exits. */
export function sendChildMessage(message: ChildMessage): void {
  const bytes = Buffer.from(`${JSON.stringify(message)}\n`);
  let written = 0;
  while (written < bytes.length) written += writeSync(MESSAGE_FD, bytes, written);
}

/** The message on one line, or undefined for anything else; checked by hand to keep zod out of the grader. */
export function parseChildMessage(line: string): ChildMessage | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  const message = parsed as Record<string, unknown>;
  if (typeof message.checkId !== 'string') return undefined;
  if (message.kind === 'started') return { kind: 'started', checkId: message.checkId };
  if (message.kind === 'finished' && isChildReport(message.report)) {
    return { kind: 'finished', checkId: message.checkId, report: message.report };
  }
  return undefined;
}
