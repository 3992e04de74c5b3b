import type { BenchSize } from './bench-sizes';
import type { BenchData } from './prepare-bench-data';

/** What every part of the bench gets. */
export interface BenchContext {
  /** How big the data is and how many runs each measurement gets. */
  size: BenchSize;
  /** The generated data; absent when no selected part needs it. */
  data?: BenchData;
  /** The repository root, where the grader and pnpm run. */
  repoRoot: string;
  /** Prints one progress line. */
  log: (line: string) => void;
}

/** The context a tool needs, never cancelled: the bench waits for every call to finish. */
export function toolContext(cwd: string): { cwd: string; signal: AbortSignal } {
  return { cwd, signal: new AbortController().signal };
}

/** How to get the baseline programs; printed instead of a ratio when one is missing. */
export const INSTALL_HINT =
  'not installed; apt-get install ripgrep fd-find (fd is "fdfind" on Debian and Ubuntu)';
