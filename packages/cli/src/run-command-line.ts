import { basename, dirname, resolve } from 'node:path';
import { createApprover } from './create-approver';
import { createLinePerson, type LinePerson } from './create-line-person';
import { createTerminalPerson } from './create-terminal-person';
import { findOwnFrame } from '@agent-course/core';
import { runSelfTest } from './run-self-test';
import { main } from './main';
import type { DayCommandLine } from './main';

export type { DayCommandLine } from './main';

/**
 * `pnpm start` for a day: runs `main` with this process's command line, environment and terminal,
 * sets the exit code (0 done, 1 stopped, 2 a bad command line or setting, 130 cancelled), and
 * handles what only a real process has: Ctrl-C (once to stop the run, twice to quit), a closed
 * pipe, and SELFTEST=1, which grades the day by starting processes of its own. A bug in the day
 * ends in one sentence, not a stack.
 */
export function runCommandLine<Registry>(day: DayCommandLine<Registry>): void {
  // Piped into `head` or a closed pager: stop quietly instead of crashing on EPIPE.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(0);
    throw error;
  });
  runOnce(day).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      // Reaching here means a bug in the lab itself: say where to look rather than print a stack.
      const reason = error instanceof Error ? error.message : String(error);
      // The day's main.ts is in its src/, so the day's own files are under the folder above.
      const at = whereThrown({
        error,
        dayFolder: dirname(dirname(resolve(process.argv[1] ?? ''))),
      });
      process.stderr.write(
        // On a line of its own, like "Stopped:", after the answer streamed so far.
        `\nThe agent stopped on an unexpected error: ${reason}${at ? ` (at ${at})` : ''}\n` +
          `${adviceFor(at)}; set DEBUG=1 to print the stack.\n`,
      );
      if (process.env.DEBUG && error instanceof Error) process.stderr.write(`${error.stack}\n`);
      process.exitCode = 1;
    },
  );
}

async function runOnce<Registry>(day: DayCommandLine<Registry>): Promise<number> {
  if (process.env.SELFTEST === '1') return runSelfTest({ mainFile: process.argv[1] ?? '' });
  const controller = new AbortController();
  let person: LinePerson | undefined;
  const onInterrupt = () => {
    // In a chat, Ctrl-C during an answer stops that answer only; the person's next line still works.
    if (person?.interrupt()) return;
    if (controller.signal.aborted) process.exit(130);
    process.stderr.write('\nStopping... (press Ctrl-C again to quit at once)\n');
    controller.abort();
  };
  process.on('SIGINT', onInterrupt);
  try {
    return await main({
      day,
      args: process.argv.slice(2),
      io: {
        env: process.env,
        stdout: (text) => process.stdout.write(text),
        stderr: (text) => process.stderr.write(text),
        signal: controller.signal,
        readStdin: ({ maxChars }) => readToEnd({ stream: process.stdin, maxChars }),
        ...(day.chat
          ? {
              openPerson: ({ first, write }: { first?: string; write: (text: string) => void }) => {
                const shared = {
                  signal: controller.signal,
                  onNotice: (message: string) => process.stderr.write(`! ${message}\n`),
                  ...(first === undefined ? {} : { first }),
                };
                person = process.stdin.isTTY
                  ? createTerminalPerson({
                      ...shared,
                      input: process.stdin,
                      output: process.stdout,
                      // Ctrl-C as a key: it stops the answer, or, while the person types, the chat.
                      onCtrlC: () => {
                        if (person?.interrupt()) return;
                        process.stdout.write('\n');
                        controller.abort();
                      },
                    })
                  : createLinePerson({ ...shared, input: process.stdin, write });
                return person;
              },
            }
          : {}),
        // Only a terminal can answer "may the agent change this file?"; piped, nobody can.
        ...(process.stdin.isTTY
          ? {
              ask: createApprover({
                input: process.stdin,
                output: process.stdout,
                signal: controller.signal,
              }),
            }
          : {}),
      },
    });
  } finally {
    process.off('SIGINT', onInterrupt);
  }
}

/**
 * The student's file and line an error was thrown at: in the day's own folder, or, for a lab run on
 * the student's own earlier days (`pnpm switch`), in another lab of theirs (`labs/d3/src/x.ts:29`).
 */
export function whereThrown({
  error,
  dayFolder,
}: {
  error: unknown;
  dayFolder: string;
}): string | undefined {
  const own = findOwnFrame({ error, root: dayFolder });
  if (own || basename(dirname(dayFolder)) !== 'labs') return own;
  return findOwnFrame({ error, root: dirname(dirname(dayFolder)), folder: 'labs' });
}

/**
 * Where to look after an unexpected error: a tool's throw should have come back as a failed result
 * (the registry's job); a throw elsewhere in the day's code is fixed where it was thrown.
 */
function adviceFor(at: string | undefined): string {
  if (at && !at.startsWith('src/tools/')) return `Look at ${at}, where it was thrown`;
  return 'Tool problems should come back as failed results (see src/tool-registry.ts)';
}

/** A stream's text to its end, or undefined as soon as it is over `maxChars`. */
async function readToEnd({
  stream,
  maxChars,
}: {
  stream: NodeJS.ReadableStream;
  maxChars: number;
}): Promise<string | undefined> {
  let text = '';
  stream.setEncoding('utf8');
  for await (const chunk of stream) {
    text += String(chunk);
    if (text.length > maxChars) return undefined;
  }
  return text;
}
