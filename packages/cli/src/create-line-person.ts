import type { Person, PersonLine } from '@agent-course/core';

/** The longest line taken from the person: a question, not a file to be resent every turn. */
export const MAX_LINE_CHARS = 100_000;

/** What the terminal shows where the person types, and what starts an echoed line. */
export const PROMPT = '? ';

/** A person who types lines, or pipes them in, and how Ctrl-C reaches the answer they are given. */
export interface LinePerson {
  person: Person;
  /**
   * Ctrl-C: stops the answer to the last line handed out and returns true, or returns false when
   * no answer is under way (the person is being waited for, or the answer was stopped already).
   */
  interrupt(): boolean;
  /** Stops reading, so a stdin that is still open does not keep the process alive. */
  close(): void;
}

/**
 * The person on the other end of a pipe: each non-empty line is one turn, echoed after the prompt
 * as it is handed out, so the output reads as a conversation. (A terminal's person is
 * createTerminalPerson's.) `first`, when given, is sent before anything is read. Reading pauses
 * while a line waits to be taken, so a long pipe is read one turn at a time, and a line over
 * MAX_LINE_CHARS is skipped whole with a notice. The chat ends at the end of input or when
 * `signal` aborts (Ctrl-C while nobody is answering).
 */
export function createLinePerson(options: {
  input: NodeJS.ReadableStream;
  write: (text: string) => void;
  signal: AbortSignal;
  onNotice: (message: string) => void;
  first?: string;
}): LinePerson {
  const { input, write, signal, onNotice } = options;
  const waitingLines: string[] = options.first?.trim() ? [options.first.trim()] : [];
  let partial = '';
  let skipping = false;
  let ended = false;
  let taker: ((text: string | undefined) => void) | undefined;
  let current: AbortController | undefined;

  const hand = () => {
    if (!taker) return;
    const take = taker;
    if (signal.aborted) {
      taker = undefined;
      take(undefined);
      return;
    }
    const text = waitingLines.shift();
    if (text !== undefined || ended) {
      taker = undefined;
      take(text);
      return;
    }
    input.resume();
  };
  const keep = (line: string) => {
    const text = line.replace(/\r$/, '').trim();
    if (text !== '') waitingLines.push(text);
  };
  const onData = (chunk: string | Buffer) => {
    const text = String(chunk);
    let start = 0;
    const skip = () => {
      partial = '';
      skipping = true;
      onNotice(
        `a line of over ${MAX_LINE_CHARS.toLocaleString('en-US')} characters was skipped; send a shorter one`,
      );
    };
    for (let end = text.indexOf('\n'); end !== -1; end = text.indexOf('\n', start)) {
      if (!skipping) {
        const line = partial + text.slice(start, end);
        if (line.length > MAX_LINE_CHARS) skip();
        else keep(line);
      }
      partial = '';
      skipping = false;
      start = end + 1;
    }
    if (!skipping) {
      partial += text.slice(start);
      if (partial.length > MAX_LINE_CHARS) skip();
    }
    if (waitingLines.length > 0) input.pause();
    hand();
  };
  const onEnd = () => {
    if (!skipping) keep(partial);
    partial = '';
    ended = true;
    hand();
  };
  input.setEncoding('utf8');
  input.on('data', onData);
  input.on('end', onEnd);
  input.on('error', onEnd);
  input.pause();
  signal.addEventListener('abort', hand, { once: true });

  return {
    person: {
      nextLine() {
        current = undefined;
        return new Promise<PersonLine | undefined>((resolve) => {
          taker = (text) => {
            if (text === undefined) return resolve(undefined);
            write(`${PROMPT}${text}\n`);
            current = new AbortController();
            resolve({ text, signal: current.signal });
          };
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
      input.off('data', onData);
      input.off('end', onEnd);
      input.off('error', onEnd);
      signal.removeEventListener('abort', hand);
      input.pause();
      // A pipe is a socket, which keeps the process alive while it is open, read or not.
      (input as { unref?: () => void }).unref?.();
    },
  };
}
