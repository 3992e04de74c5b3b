import { createInterface } from 'node:readline';
import type { PersonLine } from '@agent-course/core';
import { type LinePerson, MAX_LINE_CHARS, PROMPT } from './create-line-person';

/**
 * The person at a terminal: readline edits each line after the prompt and holds the terminal in
 * raw mode for the whole chat, so Ctrl-C arrives as a key, handed to `onCtrlC`, instead of as a
 * SIGINT to every process in the terminal's group. That matters under `pnpm start`: pnpm ends on
 * the first SIGINT whatever its script does with it, and would take the chat's terminal with it.
 * `first`, when given, is sent before anything is typed. The chat ends on Ctrl-D at an empty line,
 * or when `signal` aborts.
 */
export function createTerminalPerson(options: {
  input: NodeJS.ReadableStream;
  output: NodeJS.WritableStream;
  signal: AbortSignal;
  onCtrlC: () => void;
  onNotice: (message: string) => void;
  first?: string;
}): LinePerson {
  const { input, output, signal, onCtrlC, onNotice } = options;
  const lines = createInterface({ input, output, terminal: true, prompt: PROMPT });
  const typed: string[] = [];
  let first = options.first?.trim() || undefined;
  let closed = false;
  let taker: ((text: string | undefined) => void) | undefined;
  let current: AbortController | undefined;

  const hand = () => {
    if (!taker) return;
    const take = taker;
    const text = typed.shift();
    if (text === undefined && !closed && !signal.aborted) return;
    taker = undefined;
    take(signal.aborted ? undefined : text);
  };
  lines.on('line', (line) => {
    const text = line.trim();
    if (text.length > MAX_LINE_CHARS) {
      onNotice(
        `a line of over ${MAX_LINE_CHARS.toLocaleString('en-US')} characters was skipped; send a shorter one`,
      );
    } else if (text !== '') {
      typed.push(text);
    }
    if (taker && typed.length === 0) lines.prompt();
    hand();
  });
  lines.on('SIGINT', onCtrlC);
  lines.on('close', () => {
    closed = true;
    // Ctrl-D at the prompt: what follows starts on a line of its own.
    if (taker) output.write('\n');
    hand();
  });
  const onAbort = () => {
    hand();
    lines.close();
  };
  signal.addEventListener('abort', onAbort, { once: true });

  return {
    person: {
      nextLine() {
        current = undefined;
        return new Promise<PersonLine | undefined>((resolve) => {
          taker = (text) => {
            if (text === undefined) return resolve(undefined);
            current = new AbortController();
            resolve({ text, signal: current.signal });
          };
          if (first !== undefined) {
            // Typed on the command line, so the terminal has not shown it yet.
            output.write(`${PROMPT}${first}\n`);
            typed.unshift(first);
            first = undefined;
          } else if (typed.length === 0 && !closed) {
            lines.prompt();
          }
          hand();
        });
      },
    },
    interrupt() {
      if (!current || current.signal.aborted) return false;
      current.abort();
      return true;
    },
    close() {
      signal.removeEventListener('abort', onAbort);
      lines.close();
    },
  };
}
