import {
  MAX_PRINTED_LAST_LINES,
  MAX_PRINTED_LINES,
  type PrintedOutput,
} from '@agent-course/course';

/** Lines kept as a report shows them: the first and the last few, and a count of those between. */
export interface FirstAndLastLines {
  add(line: string): void;
  /** What was kept, or undefined when no line was added. */
  output(): PrintedOutput | undefined;
}

/** Bounded however many lines are added: MAX_PRINTED_LINES first, MAX_PRINTED_LAST_LINES last. */
export function keepFirstAndLast(): FirstAndLastLines {
  const first: string[] = [];
  const last: string[] = [];
  let between = 0;
  return {
    add(line) {
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
    output() {
      if (first.length === 0) return undefined;
      return {
        lines: [...first],
        moreLines: between,
        ...(last.length > 0 ? { lastLines: [...last] } : {}),
      };
    },
  };
}
