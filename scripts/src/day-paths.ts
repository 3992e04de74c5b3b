import path from 'node:path';
import { DAY_ID } from '@agent-course/course';

/** Where one day's packages live, absolute and relative to the repository root. */
export interface DayPaths {
  /** The day folder name, e.g. `d3`. */
  day: string;
  /** The day's number, e.g. 3. */
  number: number;
  /** Absolute path of solutions/<day>. */
  solution: string;
  /** Absolute path of labs/<day>. */
  lab: string;
  /** Absolute path of grader/src/days/<day>. */
  graderDay: string;
  /** solutions/<day>, for messages. */
  solutionRelative: string;
  /** labs/<day>, for messages. */
  labRelative: string;
}

export type DayNameResult = { ok: true; value: DayPaths } | { ok: false; error: string };

/** Validates a day argument such as `d3` and resolves its folders under `root`. */
export function resolveDay(options: { root: string; day: string | undefined }): DayNameResult {
  const { root, day } = options;
  const match = day === undefined ? null : DAY_ID.exec(day);
  if (!day || !match) {
    return {
      ok: false,
      error: `expected a day such as d3, got ${day === undefined ? 'nothing' : `"${day}"`}`,
    };
  }
  const solutionRelative = `solutions/${day}`;
  const labRelative = `labs/${day}`;
  return {
    ok: true,
    value: {
      day,
      number: Number(day.slice(1)),
      solution: path.join(root, solutionRelative),
      lab: path.join(root, labRelative),
      graderDay: path.join(root, 'grader', 'src', 'days', day),
      solutionRelative,
      labRelative,
    },
  };
}
