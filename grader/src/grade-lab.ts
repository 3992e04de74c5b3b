import type { Check } from './check';
import { findCompileError } from './find-compile-error';
import type { ChildReport } from './child-report';
import type { Limiter } from './create-limiter';
import type { Day } from './day';
import type { CheckResult, GradeResult } from './grade-result';
import { runCheckHere, scrubReport } from './run-check-here';
import { runChecksInChild } from './run-checks-in-child';
import { stageLab } from './stage-lab';
import { createTempFolder, removeTempFolder } from './temp-folders';
import { findUnreachableFolder, handToStudentCode, unprivilegedUser } from './unprivileged-user';
import { KIT_ROOT } from './kit-paths';
import { tmpdir } from 'node:os';
import { dirname } from 'node:path';

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
  /** Shared cap on concurrent tasks (each runs at most one process at a time). */
  limit: Limiter;
}

/**
 * Grades one lab, reported in the day's order. The checks that import the lab run one after
 * another in a child process; each check that drives the lab's CLI runs alongside, within the limit.
 */
export async function gradeLab(
  options: GradeLabOptions,
): Promise<{ ok: true; value: GradeResult } | { ok: false; error: string }> {
  const { day } = options;
  const staged = await stageLab({
    labDir: options.labDir,
    label: options.label,
    dayId: day.id,
    kitLabDir: day.labDir,
    kitSolutionDir: day.solutionDir,
  });
  if (!staged.ok) return staged;
  const labDir = staged.value.directory;
  const unreachable = await findUnreachableFolder([
    labDir,
    KIT_ROOT,
    dirname(process.execPath),
    tmpdir(),
  ]);
  if (unreachable) {
    await staged.value.cleanup();
    return {
      ok: false,
      error:
        `The grader runs as root, so student code runs as ${unprivilegedUser()!.name}, who cannot enter ` +
        `${unreachable}; make it readable by others (chmod o+rx) or run the grader as an ordinary user.`,
    };
  }
  const timeoutMs = options.timeoutSeconds * 1000;
  // Checks make their scratch dirs in here; a child killed at its time limit cannot clean up after
  // itself, so the grader removes the whole folder when the grade ends.
  const scratchRoot = await createTempFolder('agent-course-grade-');
  await handToStudentCode(scratchRoot);

  const toResult = ({ check, report }: { check: Check; report: ChildReport }): CheckResult => {
    // A crash message may quote the staged copy's path; the report must not depend on it.
    const scrubbed = scrubReport({
      report,
      replacements: [{ path: labDir, placeholder: '<lab>' }],
    });
    // A check stopped at a time limit names the limit, not a TODO: running out of time says
    // nothing about which exercise is wrong.
    const keepsOwnHint = scrubbed.status === 'pass' || scrubbed.errorKind === 'timeout';
    const compileError =
      scrubbed.status === 'pass' ? undefined : findCompileError(scrubbed.message);
    const hint = compileError
      ? `${compileError} — the lab does not compile; fix this first, since every check needs it`
      : keepsOwnHint
        ? scrubbed.hint
        : scrubbed.hint || check.hint;
    return { id: check.id, title: check.title, ...scrubbed, hint };
  };

  try {
    const checks = day.checks.filter((check) => !options.only || check.id === options.only);
    // The CLI checks start first, so a check spinning in the child (a busy core for its whole time
    // limit) slows as few lab CLI runs as possible; the report keeps the day's order.
    const cliReports = new Map(
      checks
        .filter((check) => check.runsIn === 'grader')
        .map((check) => [
          check.id,
          options.limit(() => runCheckHere({ check, labDir, timeoutMs, scratchRoot })),
        ]),
    );
    const childChecks = checks.filter((check) => check.runsIn === 'child');
    const childReports =
      childChecks.length === 0
        ? Promise.resolve(new Map<string, ChildReport>())
        : options.limit(() =>
            runChecksInChild({
              dayId: day.id,
              checkIds: childChecks.map((check) => check.id),
              labDir,
              timeoutMs,
              scratchRoot,
            }),
          );
    const reportOf = (check: Check): Promise<ChildReport> =>
      cliReports.get(check.id) ?? childReports.then((reports) => reports.get(check.id)!);
    const results = await Promise.all(
      checks.map(async (check) => toResult({ check, report: await reportOf(check) })),
    );
    const score = results.filter((result) => result.status === 'pass').length;
    return {
      ok: true,
      value: { day: day.id, lab: options.label, score, max: results.length, checks: results },
    };
  } finally {
    await staged.value.cleanup();
    await removeTempFolder(scratchRoot);
  }
}
