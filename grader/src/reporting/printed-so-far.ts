import type { PrintedOutput } from '@agent-course/course';
import { keepFirstAndLast } from '../beside-lab/keep-first-and-last';

/** What the check process has said the lab printed during the running check, as it went. */
export interface PrintedSoFar {
  /** One more of the lines told one by one. */
  addLine(line: string): void;
  /** The count of lines printed so far, told past the lines told one by one. */
  addCount(lines: number): void;
  /**
   * For the report of a check that was stopped: its first and last lines and the count between
   * when every line was told, else the first lines and at least how many came; undefined if none.
   */
  stopped(): PrintedOutput | undefined;
}

/** Bounded whatever the child sends: the first and last few lines, and two counts. */
export function createPrintedSoFar(): PrintedSoFar {
  const kept = keepFirstAndLast();
  let told = 0;
  let atLeast = 0;
  return {
    addLine(line) {
      told += 1;
      kept.add(line);
    },
    addCount(lines) {
      atLeast = Math.max(atLeast, lines);
    },
    stopped() {
      const output = kept.output();
      if (!output) return undefined;
      if (atLeast > told) {
        return { lines: output.lines, moreLines: atLeast - output.lines.length, stopped: true };
      }
      return { ...output, stopped: true };
    },
  };
}
