import type { Random } from '../../../../judging/create-random';
import { createShellNumber } from './shell-number';
import type { ShellNumber } from './shell-number';

/** The check's three commands and what each must show, all worked out by the shell. */
export interface CommandOutputVariant {
  label: string;
  /** Prints `first` on stdout, floods `floodChars` characters, then `last` on stderr. */
  flood: { command: string; first: ShellNumber; last: ShellNumber; floodChars: number };
  /** Reads stdin with cat, then prints `after`. */
  reader: { command: string; after: ShellNumber };
  /** Prints `before`, then exits with `exitCode`, given to the shell as a difference. */
  failing: { command: string; before: ShellNumber; exitCode: number };
}

/** Text printed as it is written: the lesson's commands compute nothing. */
const plain = (text: string): ShellNumber => ({ expression: text, printed: text });

/** The lesson's commands: 400,000 characters between two marked lines, cat, and exit 3. */
export const LESSON_COMMAND_OUTPUT: CommandOutputVariant = {
  label: "the lesson's commands",
  flood: {
    command: 'echo FIRST-LINE; yes 0123456789abcdef | head -c 400000; echo; echo LAST-LINE >&2',
    first: plain('FIRST-LINE'),
    last: plain('LAST-LINE'),
    floodChars: 400_000,
  },
  reader: { command: 'cat; echo STDIN-CLOSED', after: plain('STDIN-CLOSED') },
  failing: { command: 'echo about to fail; exit 3', before: plain('about to fail'), exitCode: 3 },
};

/**
 * Commands whose output only running them gives: each prints products the shell computes, the
 * flood repeats a word the seed picks for a length it picks, far above the cap, and the exit code
 * is a difference the shell works out.
 */
export function createCommandOutputVariant(random: Random): CommandOutputVariant {
  const first = createShellNumber({ random, label: 'first' });
  const last = createShellNumber({ random, label: 'last' });
  const floodChars = random.integer(200_000, 600_000);
  const word = random.pick(['lorem', 'ipsum', 'dolor', 'amet']);
  const after = createShellNumber({ random, label: 'stdin-closed' });
  const before = createShellNumber({ random, label: 'about-to-fail' });
  const exitCode = random.pick([1, 2, 3, 4, 5, 42, 64, 99, 101, 125]);
  const offset = random.integer(10, 90);
  return {
    label: 'commands generated from the seed',
    flood: {
      command: `echo ${first.expression}; yes ${word} | head -c ${floodChars}; echo; echo ${last.expression} >&2`,
      first,
      last,
      floodChars,
    },
    reader: { command: `cat; echo ${after.expression}`, after },
    failing: {
      command: `echo ${before.expression}; exit $((${exitCode + offset} - ${offset}))`,
      before,
      exitCode,
    },
  };
}
