// Packages that carry a day's code, finished, for the days after it. A later day builds on an
// earlier one through such a package, never through copied files: each file listed here is
// generated from the day's solution by `pnpm starter <day>` and compared by `pnpm course check`.

/** One package generated from a day's solution. */
export interface FinishedPackage {
  /** The day whose solution is the source, e.g. `d3`. */
  day: string;
  /** The package folder, relative to the repository root. */
  directory: string;
  /** Solution-relative sources copied in their finished form, to the same relative path. */
  generated: readonly string[];
  /** The package's own files (its entry and its tests): written by hand, never generated. */
  own: readonly string[];
}

export const FINISHED_PACKAGES: readonly FinishedPackage[] = [
  {
    day: 'd3',
    directory: 'packages/agent',
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
];
