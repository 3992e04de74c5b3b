import { DAY_ID } from './day-manifest';

// Packages that carry a day's code, finished, for the days after it. A later day builds on an
// earlier one through such a package, never through copied files: each file listed here is
// generated from the day's solution by `pnpm starter <day>` and compared by `pnpm course check`.
// The grader reads the list too: a lab of a day may not import the finished code of its own day or
// a later one, which is its to write (see finishedPackagesFrom).

/** One package generated from a day's solution. */
export interface FinishedPackage {
  /** The day whose solution is the source, e.g. `d3`. */
  day: string;
  /** The package folder, relative to the repository root. */
  directory: string;
  /** Solution-relative sources copied in their finished form, to the same relative path. */
  generated: readonly string[];
  /** The package's own files (its entry, its tests and their fixtures): written by hand, never generated. */
  own: readonly string[];
}

export const FINISHED_PACKAGES: readonly FinishedPackage[] = [
  {
    day: 'd1',
    directory: 'packages/finished-d1',
    // The stream reader every later day's model client runs on, and what it is made of.
    generated: ['src/explain-failure.ts', 'src/stream-reader.ts', 'src/to-stream-events.ts'],
    own: ['src/index.ts', 'src/index.test.ts'],
  },
  {
    day: 'd2',
    directory: 'packages/finished-d2',
    // The message writer every later day's model client runs on, and what the agent loop measures.
    generated: ['src/measure-context.ts', 'src/message-writer.ts', 'src/to-chat-messages.ts'],
    own: ['src/index.ts', 'src/index.test.ts'],
  },
  {
    day: 'd3',
    directory: 'packages/finished-d3',
    // What day 4 imports and what that imports in turn (day 4's read_file takes day 3's parameters).
    generated: [
      'src/run-agent.ts',
      'src/system-prompt.ts',
      'src/tool-call-accumulator.ts',
      'src/tool-registry.ts',
      'src/truncate-result.ts',
      'src/tools/glob.ts',
      'src/tools/grep.ts',
      'src/tools/read-file.ts',
    ],
    own: ['src/index.ts', 'src/index.test.ts'],
  },
  {
    day: 'd4',
    directory: 'packages/finished-d4',
    // Day 4's tools as the next day's agent runs them, and what they import in turn.
    generated: [
      'src/create-tools.ts',
      'src/edits/find-exactly-once.ts',
      'src/edits/write-if-unchanged.ts',
      'src/system-prompt.ts',
      'src/tools/create-file.ts',
      'src/tools/edit-file.ts',
      'src/tools/read-file.ts',
      'src/tools/run-command.ts',
    ],
    // run-command.test.ts: how the finished run_command stops a command's process group, which the
    // day teaches and so no engine holds to test; run-command-isolation.test.ts: what a command can
    // reach of the agent that runs it. With the fixtures they start.
    own: [
      'src/index.ts',
      'src/index.test.ts',
      'src/run-command.test.ts',
      'src/run-command-isolation.test.ts',
      'src/__fixtures__/run-command-until-signalled.ts',
      'src/__fixtures__/run-commands-as-agent.ts',
    ],
  },
];

/**
 * The finished packages that carry the code of day `dayId` or of a later day: what a lab of that day
 * may not import, since that code is the lab's to write (day 3's lab may not import day 3's
 * finished agent; day 4's builds on it). Throws for a `dayId` that is no day's id.
 */
export function finishedPackagesFrom(
  dayId: string,
  packages: readonly FinishedPackage[] = FINISHED_PACKAGES,
): FinishedPackage[] {
  const day = dayNumber(dayId);
  return packages.filter((finished) => dayNumber(finished.day) >= day);
}

/** A day's number: 3 for `d3`. */
function dayNumber(dayId: string): number {
  if (!DAY_ID.test(dayId)) throw new Error(`${dayId} is not a day's id (d and a number, e.g. d3)`);
  return Number(dayId.slice(1));
}
