import { writeSync } from 'node:fs';
import type { CheckProcessMessage } from './check-process-protocol';
import { MESSAGE_FD } from './message-fd';

// Taken when this module loads, before any lab code runs, so a lab that later replaces them does
// not stop the answers. A lab can still write to MESSAGE_FD itself: that only says what it wants
// the grader to believe the lab did, which the grader judges as it judges the lab's own answers.
const stringify = JSON.stringify;
const toBytes = Buffer.from.bind(Buffer);
const write = writeSync;

/** Sends one message to the grader: synchronous, so it is out before the process exits. */
export function sendToGrader(message: CheckProcessMessage): void {
  let line: string;
  try {
    line = `${stringify(message)}\n`;
  } catch (error) {
    // An answer the lab made that JSON cannot hold (a BigInt, a cycle): said as the lab's throw.
    const reason = error instanceof Error ? error.message : String(error);
    const id = 'id' in message ? message.id : -1;
    line = `${stringify({ kind: 'threw', id, threw: { message: `it returned a value the grader cannot read: ${reason}` } })}\n`;
  }
  const bytes = toBytes(line);
  let written = 0;
  while (written < bytes.length) written += write(MESSAGE_FD, bytes, written);
}
