import { createInterface } from 'node:readline/promises';
import { type ToolCall, escapeControlCharacters } from '@agent-course/core';

/**
 * The longest argument text shown inside the question line. Longer arguments are shown whole above
 * it: what a person allows, they must be able to read (a harmful part of a long command would
 * otherwise sit past the cut, unseen).
 */
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
    // Written out as escapes, so arguments cannot move the cursor, clear the line, colour text
    // away or reorder it to hide what is allowed.
    const shown = escapeControlCharacters(call.args);
    const long = shown.length > MAX_QUESTION_ARGS_CHARS;
    if (long) output.write(`${call.name} asks to run with these arguments, whole:\n${shown}\n`);
    const question = long
      ? `? allow ${call.name} with the ${shown.length.toString()} characters of arguments above [y/N] `
      : `? allow ${call.name}(${shown}) [y/N] `;
    try {
      const answer = await lines.question(question, { signal });
      return /^\s*y(es)?\s*$/i.test(answer);
    } catch {
      return false;
    } finally {
      lines.close();
    }
  };
}
