import {
  MAX_PRINTED_LAST_LINES,
  MAX_PRINTED_LINES,
  type PrintedOutput,
} from '@agent-course/course';

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
  const first: string[] = [];
  const last: string[] = [];
  let between = 0;
  let told = 0;
  let atLeast = 0;
  return {
    addLine(line) {
      told += 1;
      if (first.length < MAX_PRINTED_LINES) {
        first.push(line);
        return;
      }
      last.push(line);
      if (last.length > MAX_PRINTED_LAST_LINES) {
        last.shift();
        between += 1;
      }
    },
    addCount(lines) {
      atLeast = Math.max(atLeast, lines);
    },
    stopped() {
      if (first.length === 0) return undefined;
      if (atLeast > told) {
        return { lines: [...first], moreLines: atLeast - first.length, stopped: true };
      }
      return {
        lines: [...first],
        moreLines: between,
        ...(last.length > 0 ? { lastLines: [...last] } : {}),
        stopped: true,
      };
    },
  };
}
