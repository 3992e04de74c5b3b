import type { CheckOutcome, JudgeContext } from '../../../judging/check';

/**
 * Stands in until day 2 has real checks: it fails on every lab, so the gap cannot go
 * unnoticed. A check is two files: this judging part, which runs in the grader, makes the
 * inputs, drives the lab through `drive` and judges what comes back, and its driving part
 * beside the lab (grader/src/days/d2/beside-lab/placeholder.ts), which calls the lab's code and says what it did. Write one
 * pair per check, list it by its id in judging/index.ts, beside-lab/index.ts and solutions/d2/day.ts,
 * then remove these two files and their three entries.
 */
export async function judge({ drive }: JudgeContext): Promise<CheckOutcome> {
  await drive('load');
  return {
    passed: false,
    expected: 'the checks of d2',
    got: 'only the placeholder check (grader/src/days/d2/judging/placeholder.ts); the day is a draft',
  };
}
