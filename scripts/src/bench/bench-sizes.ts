/** How much data a bench run generates; the full size is the one the targets are set for. */
export interface BenchSize {
  /** The size's name on the command line and in the results. */
  name: 'full' | 'small';
  /** Source-like text files outside node_modules. */
  sourceFiles: number;
  /** Their total size in bytes, spread unevenly across them. */
  sourceBytes: number;
  /** Files with NUL bytes (images, archives) that grep and read_file must recognise and skip. */
  binaryFiles: number;
  /** Log files just over grep's per-file limit, which grep skips by size. */
  oversizedFiles: number;
  /** Files inside node_modules, which no tool may enter. */
  nodeModulesFiles: number;
  /** Their total size in bytes. */
  nodeModulesBytes: number;
  /** The size of the large file read_file opens, in bytes. */
  largeFileBytes: number;
  /** Timed repetitions of each in-process measurement; the median is reported. */
  runs: number;
  /** Timed repetitions of each grading command, each by turns with the start-up it is compared with. */
  gradingRuns: number;
  /** Grades of the solution while busy loops hold every core; each must give full marks. */
  loadedGrades: number;
}

const MEGABYTE = 1024 * 1024;

/** The sizes the issue asks for: over 100,000 files and 500 MB, and a 2 GB file. */
export const FULL_SIZE: BenchSize = {
  name: 'full',
  sourceFiles: 58_000,
  sourceBytes: 420 * MEGABYTE,
  binaryFiles: 1_000,
  oversizedFiles: 2,
  nodeModulesFiles: 50_000,
  nodeModulesBytes: 70 * MEGABYTE,
  largeFileBytes: 2048 * MEGABYTE,
  runs: 5,
  gradingRuns: 7,
  loadedGrades: 10,
};

/** A tenth of the data for trying the bench out in a minute; its figures are not the targets'. */
export const SMALL_SIZE: BenchSize = {
  name: 'small',
  sourceFiles: 5_800,
  sourceBytes: 42 * MEGABYTE,
  binaryFiles: 100,
  oversizedFiles: 1,
  nodeModulesFiles: 5_000,
  nodeModulesBytes: 7 * MEGABYTE,
  largeFileBytes: 200 * MEGABYTE,
  runs: 3,
  gradingRuns: 1,
  loadedGrades: 2,
};
