import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Check } from './check';
import type { Limiter } from './create-limiter';
import type { Day } from './day';
import type { CheckResult, GradeResult } from './grade-result';
import { runCheckHere, scrubReport } from './run-check-here';
import { runCheckProcess } from './run-check-process';
import { stageLab } from './stage-lab';

/** What to grade and how. */
export interface GradeLabOptions {
  /** The day whose checks run. */
  day: Day;
  /** The lab's folder. */
  labDir: string;
  /** How the lab is named in the report. */
  label: string;
  /** Each check's time budget in seconds. */
  timeoutSeconds: number;
  /** Run only the check with this id. */
  only?: string;
  /** Shared cap on concurrent checks (each runs at most one process at a time). */
  limit: Limiter;
}

/** Grades one lab: every check at once, within the limit, reported in the day's order. */
export async function gradeLab(
  options: GradeLabOptions,
): Promise<{ ok: true; value: GradeResult } | { ok: false; error: string }> {
  const { day } = options;
  const staged = await stageLab({
    labDir: options.labDir,
    dayId: day.id,
    kitLabDir: day.labDir,
    kitSolutionDir: day.solutionDir,
  });
  if (!staged.ok) return staged;
  const labDir = staged.value.directory;
  const resultsDir = await mkdtemp(join(tmpdir(), 'agent-course-results-'));
  const timeoutMs = options.timeoutSeconds * 1000;

  const gradeCheck = (check: Check) =>
    options.limit(async (): Promise<CheckResult> => {
      const report =
        check.runsIn === 'grader'
          ? await runCheckHere({ check, labDir, timeoutMs })
          : await runCheckProcess({
              dayId: day.id,
              checkId: check.id,
              labDir,
              resultFile: join(resultsDir, `${check.id}.json`),
              timeoutMs,
            });
      // A crash message may quote the staged copy's path; the report must not depend on it.
      const scrubbed = scrubReport({
        report,
        replacements: [{ path: labDir, placeholder: '<lab>' }],
      });
      const hint = scrubbed.status === 'pass' ? '' : scrubbed.hint || check.hint;
      return { id: check.id, title: check.title, ...scrubbed, hint };
    });

  try {
    const checks = day.checks.filter((check) => !options.only || check.id === options.only);
    // Checks that run the lab's CLI take longest, so they start first; the report keeps the day's order.
    const started = new Map<string, Promise<CheckResult>>();
    for (const check of checks.filter((candidate) => candidate.runsIn === 'grader'))
      started.set(check.id, gradeCheck(check));
    for (const check of checks.filter((candidate) => candidate.runsIn === 'child'))
      started.set(check.id, gradeCheck(check));
    const results = await Promise.all(checks.map((check) => started.get(check.id)!));
    const score = results.filter((result) => result.status === 'pass').length;
    return {
      ok: true,
      value: { day: day.id, lab: options.label, score, max: results.length, checks: results },
    };
  } finally {
    await Promise.all([staged.value.cleanup(), rm(resultsDir, { recursive: true, force: true })]);
  }
}
