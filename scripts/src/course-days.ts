// What each day's starter is expected to score before the student writes anything. The starter
// is not empty: checks that exercise already-written code (the tools, the loop) pass from the
// start, so the baseline is a declared number and `pnpm course check` holds the starter to it.

/** The declared facts about one day that the course check verifies. */
export interface CourseDay {
  /** Checks the untouched starter passes. */
  starterScore: number;
  /** Checks the grader runs for the day; the solution must pass all of them. */
  max: number;
}

export const COURSE_DAYS: Record<string, CourseDay> = {
  d3: { starterScore: 2, max: 7 },
};
