import { createInterface } from 'node:readline/promises';
import type { ToolCall } from '@agent-course/core';

/** The longest argument text a question shows; the card above it names the call too. */
const MAX_QUESTION_ARGS_CHARS = 300;

/**
 * Asks on the terminal before each call that writes or runs: "y" or "yes" allows it, anything else
 * (an empty line included) declines. Ctrl-C while asked is the run's Ctrl-C, and declines the call.
 */
export function createApprover({
  input,
  output,
  signal,
}: {
  input: NodeJS.ReadableStream;
  output: NodeJS.WritableStream;
  /** The run's cancel signal: aborting it ends a pending question with a decline. */
  signal: AbortSignal;
}): (call: ToolCall) => Promise<boolean> {
  return async (call) => {
    const lines = createInterface({ input, output, terminal: false });
    // While a question waits, the terminal's Ctrl-C reaches readline: hand it on to the run.
    lines.on('SIGINT', () => process.emit('SIGINT'));
    const args =
      call.args.length > MAX_QUESTION_ARGS_CHARS
        ? `${call.args.slice(0, MAX_QUESTION_ARGS_CHARS)}…`
        : call.args;
    try {
      const answer = await lines.question(`? allow ${call.name}(${args}) [y/N] `, { signal });
      return /^\s*y(es)?\s*$/i.test(answer);
    } catch {
      return false;
    } finally {
      lines.close();
    }
  };
}
