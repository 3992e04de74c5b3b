import type { CheckResult } from '@agent-course/course';
import { rm } from 'node:fs/promises';
import type { CheckOutcome, JudgingPart } from './check';
import type { DayDriving, DrivingPart } from '../beside-lab/driving-part';
import { describeLabThrow } from '../beside-lab/describe-lab-throw';
import { blamePrerequisites, withPrerequisites } from './blame-prerequisites';
import { LabThrew } from '../process-control/check-process';
import { findGradedDays, loadChecks } from './day';
import { finishResult } from './finish-result';
import { importKitModule } from '../beside-lab/import-kit-module';
import { judgeOutcome } from './judge-checks';
import { type JudgedResult, reportedResult } from './judged-result';
import { dayListFile } from '../beside-lab/kit-paths';
import { pickSeed } from './pick-seed';
import { resultOfOutcome } from './result-of-outcome';
import { scratchDirOf } from '../process-control/scratch-dir-of';
import type { RealRun } from '../process-control/start-real-run';
import { stageLab } from '../lab-files/stage-lab';
import { createGradeFolder, createStudentFolder } from '../lab-files/student-folders';
import { forgetTempFolder } from '../process-control/temp-folders';

/**
 * Judges a check with its driving part run in this process, not in a check process: for the
 * grader's own tests of what a check judges (many seeds, broken labs), where the process is not
 * what is tested. Each answer goes through JSON, as it would on the channel, and a throw of the
 * lab's becomes LabThrew, as the check process would answer it. No real run of the lab's command
 * line is made: a check that asks for one is told it ended well (its request's endsWell, or else
 * CLEAN_EXIT), so its steps alone decide, as they do in a grade whose run ends well.
 */
export function judgeInProcess({
  check,
  driving,
  labDir,
  scratchDir,
  seed,
}: {
  /** The judging part (`days/<day>/judging/<id>.ts`). */
  check: JudgingPart;
  /** The driving part (`days/<day>/beside-lab/<id>.ts`). */
  driving: DrivingPart;
  labDir: string;
  scratchDir: string;
  seed: number;
}): Promise<CheckOutcome> {
  const drive = async (operation: string, input?: unknown) => {
    const run = driving.operations[operation];
    if (!run) throw new Error(`the driving part has no operation ${operation}`);
    let output: unknown;
    try {
      output = await run(input as never, { labDir, scratchDir });
    } catch (error) {
      throw new LabThrew(describeLabThrow({ error, labDir }));
    }
    return output === undefined ? undefined : (JSON.parse(JSON.stringify(output)) as unknown);
  };
  const realRun = () => Promise.resolve(check.realRun?.endsWell?.(seed) ?? CLEAN_EXIT);
  // Commands not isolated, as in the check process (see check-process.ts): the checks watch what
  // the lab's own code does to what a command left running. Until the judging ends: a call a
  // driving part leaves running prepares its command after the operation has returned.
  const isolateBefore = process.env.ISOLATE;
  process.env.ISOLATE = '0';
  return judgeOutcome({ check, context: { labDir, scratchDir, seed, drive, realRun } }).finally(
    () => {
      if (isolateBefore === undefined) delete process.env.ISOLATE;
      else process.env.ISOLATE = isolateBefore;
    },
  );
}

/** A real run that exited 0 and printed nothing, for a check judged here (see judgeInProcess). */
const CLEAN_EXIT: RealRun = { kind: 'ended', exitCode: 0, signal: null, stderr: '' };

/** A lab's checks judged in this process, as the report would give them. */
export interface JudgedInProcess {
  /** The seed the checks' variants were drawn from; a failing test should name it. */
  seed: number;
  /** The results of the checks asked for, in the day's order, finished and blamed as gradeLab does. */
  checks: CheckResult[];
}

/**
 * Judges a lab folder's checks as `pnpm grade <day> --lab <folder> [--only <id>]` reports them, with
 * each check's driving part run in this process (judgeInProcess) instead of a check process: for
 * the grader's tests of what the checks judge on broken labs, where the process is not what is
 * tested. The folder is staged as the grader stages it (a bare folder gets the kit's modules), so
 * the lab imports from source under vitest; each check runs in a scratch folder of the grade's,
 * and its outcome becomes its result, is finished and is blamed on failing prerequisites, as the
 * grader does. The lab is not compiled, nothing stops a check at a time limit, and the real runs of
 * its command line (such as day 3's `MOCK=1 INJECT=bad_args pnpm start`) are not made: a lab that
 * does not compile, hangs, or has a fault only a process shows is for a whole grade (runGrader in
 * test-helpers.ts).
 */
export async function judgeLabInProcess({
  dayId,
  labDir,
  only,
  seed = pickSeed(),
}: {
  dayId: string;
  /** The lab's folder; node_modules optional, as with --lab. */
  labDir: string;
  /** Only this check is reported, as with --only; its prerequisites are judged too. */
  only?: string;
  /** The variants' seed, as with --seed; a fresh one, as a grade picks, by default. */
  seed?: number;
}): Promise<JudgedInProcess> {
  const { days } = await findGradedDays({ only: dayId });
  const day = days.find((candidate) => candidate.id === dayId);
  if (!day) throw new Error(`there is no graded day ${dayId}`);
  const listed = await loadChecks(day);
  if (!listed.ok) throw new Error(listed.error);
  const selected = listed.value.filter((check) => !only || check.id === only);
  if (selected.length === 0) throw new Error(`${dayId} has no check ${only}`);
  const checks = withPrerequisites({ checks: listed.value, selected });
  const staged = await stageLab({
    labDir,
    label: labDir,
    dayId,
    kitLabDir: day.labDir,
    kitSolutionDir: day.solutionDir,
  });
  if (!staged.ok) throw new Error(staged.error);
  const lab = staged.value.directory;
  const { drivingParts } = (await importKitModule(
    dayListFile({ dayId, side: 'beside-lab' }),
  )) as DayDriving;
  const gradeFolder = await createGradeFolder();
  const scratchRoot = gradeFolder.root;
  try {
    const results = new Map<string, JudgedResult>();
    // One after another, in the day's order, as the check process runs them.
    for (const check of checks) {
      const scratchDir = scratchDirOf({ scratchRoot, check });
      await createStudentFolder(scratchDir);
      const outcome = await judgeInProcess({
        check,
        driving: drivingParts[check.id]!,
        labDir: lab,
        scratchDir,
        seed,
      });
      const result = resultOfOutcome({ check, outcome, labDir: lab });
      const replacements = [
        { path: scratchDir, placeholder: '<scratch>' },
        { path: `file://${lab}`, placeholder: '<lab>' },
        { path: lab, placeholder: '<lab>' },
      ];
      results.set(check.id, finishResult({ check, result, replacements }));
    }
    const blamed = blamePrerequisites({
      checks,
      results,
      shown: new Set(selected.map((check) => check.id)),
    });
    return { seed, checks: selected.map((check) => reportedResult(blamed.get(check.id)!)) };
  } finally {
    await staged.value.cleanup();
    // The driving parts ran here, as this process's user (root, in CI), so it removes what they
    // wrote; removeGradeFolder would empty the folders as the user student code runs as.
    await rm(gradeFolder.root, { recursive: true, force: true, maxRetries: 2 });
    forgetTempFolder(gradeFolder.root);
  }
}
