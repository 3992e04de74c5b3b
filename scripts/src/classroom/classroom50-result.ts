import { z } from 'zod';

/**
 * One test row of a Classroom 50 `result.json` ("Advanced Autograding", the result.json contract).
 * Extra fields are kept by Classroom 50, so the message and hint travel with each row.
 */
export const Classroom50Test = z.looseObject({
  /** The test's name as the Release table shows it. */
  'test-name': z.string().min(1),
  /** Whether it passed. */
  passed: z.boolean(),
  /** Points earned. */
  score: z.number().int().nonnegative(),
  /** Points possible. */
  'max-score': z.number().int().nonnegative(),
});
export type Classroom50Test = z.infer<typeof Classroom50Test>;

/** A UTC instant written as Classroom 50 writes it, e.g. 2026-06-01T14:32:01Z. */
const UtcInstant = z.string().regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);

/**
 * What an autograder writes to ./result.json. `owner` and `assignment_type` are stamped by the
 * runner afterwards, so an autograder may leave them out; the scores must add up.
 */
export const Classroom50Result = z
  .looseObject({
    /** Always this exact version string. */
    schema: z.literal('classroom50/result/v1'),
    /** The classroom's short name, from the CLASSROOM variable. */
    classroom: z.string(),
    /** The assignment slug, from ASSIGNMENT. */
    assignment: z.string(),
    /** The submit tag, from SUBMISSION_TAG. */
    submission: z.string(),
    /** URL of the graded commit. */
    commit: z.string(),
    /** URL of the submission's Release. */
    release: z.string(),
    /** URL of the diff from the starter to the graded commit. */
    review: z.string(),
    /** When the graded commit was made (its committer date), in UTC. */
    datetime: UtcInstant,
    /** When this grading run happened, in UTC. */
    graded_at: UtcInstant.optional(),
    /** The sum of the tests' scores. */
    score: z.number().int().nonnegative(),
    /** The sum of the tests' maximum scores. */
    'max-score': z.number().int().nonnegative(),
    /** One row per test. */
    tests: z.array(Classroom50Test),
  })
  .refine(
    (result) =>
      result.score === result.tests.reduce((total, test) => total + test.score, 0) &&
      result['max-score'] === result.tests.reduce((total, test) => total + test['max-score'], 0),
    { message: 'score and max-score must be the sums over the tests' },
  );
export type Classroom50Result = z.infer<typeof Classroom50Result>;
