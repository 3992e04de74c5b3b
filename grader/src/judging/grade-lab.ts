import { chmod, realpath } from 'node:fs/promises';
import { findFinishedPackage, finishedPackageName, type GradeResult } from '@agent-course/course';
import { blamePrerequisites, withPrerequisites } from './blame-prerequisites';
import type { Check } from './check';
import { collectNotRun } from './collect-not-run';
import type { Limiter } from '../command-line/create-limiter';
import { type Day, loadChecks } from './day';
import { findOtherDay } from '../lab-files/find-other-day';
import { finishResult } from './finish-result';
import { scratchDirOf } from '../process-control/scratch-dir-of';
import { settledOrAfter } from '../process-control/settled-or-after';
import { type RealRun, startRealRun } from '../process-control/start-real-run';
import { judgeChecks } from './judge-checks';
import { protectJudgingSources } from '../process-control/protect-judging-sources';
import { createGradeFolder, removeGradeFolder } from '../lab-files/student-folders';
import { findSubmittedLab } from '../lab-files/find-submitted-lab';
import { stageLab } from '../lab-files/stage-lab';
import { gradeTempRoot } from '../process-control/grade-temp-root';
import { createTempFolder, removeTempFolder } from '../process-control/temp-folders';
import { findUnreachableFolder, unprivilegedUser } from '../process-control/unprivileged-user';
import { KIT_ROOT, LAB_PROGRAM_LAUNCHER } from '../beside-lab/kit-paths';
import { compiledPathOf } from '../compiled/compiled-path-of.mjs';
import { compileGrader, markUsed } from '../compiled/compile-grader.mjs';
import { RUNNING_BUILD } from '../beside-lab/import-kit-module';
import { type OwnDayLab, startCompilingLab } from '../compiled/compile-lab';
import { findKitImportError } from '../compiled/find-kit-import-error';
import { type JudgedResult, reportedResult } from './judged-result';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Whether this process has graded a lab before (see gradeLab). */
let gradedBefore = false;

/** What to grade and how. */
export interface GradeLabOptions {
  /** The day whose checks run. */
  day: Day;
  /** The lab's folder. */
  labDir: string;
  /** How the lab is named in the report. */
  label: string;
  /** The lab's path as the student types it where they are, for commands suggested to them. */
  typedPath?: string;
  /** Each check's time budget in seconds. */
  timeoutSeconds: number;
  /** Chooses every check's generated variants; the same seed grades the same way. */
  seed: number;
  /** Run only the check with this id. */
  only?: string;
  /** Shared cap on concurrent tasks (each runs at most one process at a time). */
  limit: Limiter;
  /**
   * Grade only the lab's src, put over this kit's starter (a submission, as both autograders and
   * a batch grade it): what else the folder holds, package.json included, is not the student's work.
   */
  srcOnly?: boolean;
  /**
   * The earlier days the student switched to their own, whose labs the day's lab then runs on in
   * place of the kit's finished days (`pnpm grade --mine`); the kit's when absent, as in every
   * grade that counts.
   */
  ownDays?: ReadonlyArray<{ day: string; labDir: string; label: string }>;
}

/**
 * Grades one lab, reported in the day's order. The checks that import the lab run one after
 * another in a child process; each check that drives the lab's CLI runs alongside, within the limit.
 */
export async function gradeLab(options: GradeLabOptions): Promise<
  /** notRun: the ids of the checks the lab stopped before they could run (see collectNotRun). */
  | { ok: true; value: GradeResult; notRun: Set<string> }
  /** notLab: the folder is not a lab at all, rather than a lab that cannot be graded. */
  | { ok: false; error: string; notLab?: boolean }
> {
  const { day } = options;
  const submitted = await findSubmittedLab({
    folder: options.labDir,
    label: options.label,
    dayId: day.id,
  });
  if (!submitted.ok) return { ok: false, error: submitted.error, notLab: true };
  const found = submitted.within ? `${options.label}/${submitted.within}` : options.label;
  const otherDay = findOtherDay({
    labDir: submitted.directory,
    label: found,
    typedPath: submitted.within
      ? `${options.typedPath ?? options.label}/${submitted.within}`
      : (options.typedPath ?? options.label),
    dayId: day.id,
  });
  if (otherDay) return { ok: false, error: otherDay };
  const staged = await stageLab({
    labDir:
      submitted.kind === 'lab' && options.srcOnly
        ? join(submitted.directory, 'src')
        : submitted.directory,
    label: found,
    dayId: day.id,
    kitLabDir: day.labDir,
    kitSolutionDir: day.solutionDir,
    ...(submitted.kind === 'files' || options.srcOnly ? { filesOnly: true as const } : {}),
  });
  if (!staged.ok) return staged;
  const labDir = staged.value.directory;
  const ownDays = await stageOwnDays(options.ownDays ?? []);
  if (!ownDays.ok) {
    await staged.value.cleanup();
    return ownDays;
  }
  const cleanup = async () => {
    await staged.value.cleanup();
    for (const own of ownDays.value) await own.cleanup();
  };
  // Node's own folder is one to move Node out of (a copy npx left in root's home, say), not to open.
  const nodeUnreachable = await findUnreachableFolder([dirname(process.execPath)]);
  const unreachable =
    nodeUnreachable ?? (await findUnreachableFolder([labDir, KIT_ROOT, gradeTempRoot()]));
  if (unreachable) {
    await cleanup();
    const student = unprivilegedUser()!.name;
    const why = `the grader runs as root, so student code runs as ${student}, who cannot enter it`;
    return {
      ok: false,
      error: nodeUnreachable
        ? `install or copy Node where every user can read it (under /usr/local or /opt, say), or run the grader as an ordinary user: this Node, ${process.execPath}, is under ${nodeUnreachable}, and ${why}.`
        : `make ${unreachable} readable by others (chmod o+rx) or run the grader as an ordinary user: ${why}.`,
    };
  }
  // The check process and the real run of the lab start compiled, without a TypeScript loader: the
  // grader as its files are now. The first grade of a compiled grader is of the build the command
  // found up to date a moment ago; a later one (--watch) looks again, so a changed check is used.
  const compiledKit =
    RUNNING_BUILD && !gradedBefore
      ? { ok: true as const, value: RUNNING_BUILD }
      : await compileGrader();
  gradedBefore = true;
  // This process's own code stays in use too (it loads checks from it), so it is marked as used,
  // and no rebuild by another grade removes it as old while a --watch goes on.
  if (RUNNING_BUILD) await markUsed(RUNNING_BUILD.outDir);
  if (!compiledKit.ok) {
    await cleanup();
    return { ok: false, error: compiledKit.error };
  }
  await protectJudgingSources();
  const timeoutMs = options.timeoutSeconds * 1000;
  // Checks make their scratch dirs in here, laid out so that no link student code plants leads the
  // grader anywhere (see student-folders.ts); the grader removes it all when the grade ends.
  const gradeFolder = await createGradeFolder();
  const scratchRoot = gradeFolder.root;
  // ...and the lab as it is now, compiled for this grade alone, while the check process starts.
  // Into a folder of the grader's that student code may read but not change: the grader writes
  // there, and a link planted by a student's process (another submission's, in a batch) must not
  // lead those writes anywhere else.
  const compiledRoot = await realpath(await createTempFolder('agent-course-compiled-'));
  await chmod(compiledRoot, 0o755);
  const compiledModules = join(compiledRoot, 'modules');
  const compiledLab = startCompilingLab({
    labDir,
    dayId: day.id,
    start: day.manifest.start,
    outDir: compiledRoot,
    compiledKit: compiledKit.value,
    ownDays: ownDays.value,
  });

  // The checks' judging parts load while the lab compiles.
  const dayChecks = loadChecks(day);

  /** A result finished (see finishResult), with this grade's temporary paths hidden. */
  const finish = ({ check, result }: { check: Check; result: JudgedResult }): JudgedResult =>
    finishResult({
      check,
      result,
      replacements: [
        { path: scratchDirOf({ scratchRoot, check }), placeholder: '<scratch>' },
        { path: scratchDirOf({ scratchRoot, check, part: 'real-run' }), placeholder: '<scratch>' },
        { path: `file://${labDir}`, placeholder: '<lab>' },
        { path: labDir, placeholder: '<lab>' },
        // What a lab's import of the kit or of its own compiled files names: a module of the
        // compiled grader, or the lab's compiled twin of a file.
        { path: `file://${compiledKit.value.outDir}`, placeholder: '<kit>' },
        { path: compiledKit.value.outDir, placeholder: '<kit>' },
        { path: `file://${compiledModules}`, placeholder: '<lab>' },
        { path: compiledModules, placeholder: '<lab>' },
        // The kit's own files the lab's processes are started with (see node-flags.ts), as URLs:
        // `process.execArgv` names one. With its final slash, so no shorter word is taken for it.
        { path: pathToFileURL(KIT_ROOT).href, placeholder: '<kit>/' },
        // The grade's own folder (the student's TMPDIR is in it), and the kit's, which a lab may
        // quote from its environment (PATH names the kit's node_modules/.bin).
        { path: scratchRoot, placeholder: '<grade>' },
        { path: KIT_ROOT, placeholder: '<kit>/' },
      ],
    });

  /** The real runs of the lab's command line, by the check that judges each. */
  const realRuns = new Map<string, Promise<RealRun>>();
  // Once every check is judged, a real run still going is one no check will read.
  const judged = new AbortController();
  try {
    const listed = await dayChecks;
    if (!listed.ok) return listed;
    const selected = listed.value.filter((check) => !options.only || check.id === options.only);
    // A check's prerequisites run with it, even under --only, so its hint can blame the right TODO.
    const checks = withPrerequisites({ checks: listed.value, selected });
    // The real runs of the lab's command line take their places first, so a check spinning in the
    // child (a busy core for its whole time limit) slows them as little as possible; each is judged
    // by its check (JudgeContext.realRun). Each starts its process once the lab's command line is
    // built.
    const labProgramLauncher =
      compiledPathOf({
        sourceRoot: compiledKit.value.kitRoot,
        outDir: compiledKit.value.outDir,
        file: LAB_PROGRAM_LAUNCHER,
      }) ?? LAB_PROGRAM_LAUNCHER;
    for (const check of checks) {
      if (!check.realRun) continue;
      const run = options.limit(() =>
        startRealRun({
          request: check.realRun!,
          seed: options.seed,
          unread: judged.signal,
          scratchDir: scratchDirOf({ scratchRoot, check, part: 'real-run' }),
          studentTemp: gradeFolder.studentTemp,
          timeoutMs,
          launcher: labProgramLauncher,
          program: compiledLab.commandLine,
        }),
      );
      // Judged by its check, which may fail before it asks; the grade waits for it all the same.
      void run.catch(() => {});
      realRuns.set(check.id, run);
    }
    const reports = await options.limit(() =>
      judgeChecks({
        dayId: day.id,
        checks,
        labDir,
        compiledKit: compiledKit.value,
        labModules: compiledLab.modules,
        timeoutMs,
        seed: options.seed,
        scratchRoot,
        studentTemp: gradeFolder.studentTemp,
        realRuns,
      }),
    );
    // A lab that does not compile, or throws while it loads, is told so once, with the line to
    // fix; its checks say they did not run.
    const {
      results: finished,
      notRun,
      compileError,
      loadError,
    } = await collectNotRun({
      results: await Promise.all(
        checks.map(async (check) => finish({ check, result: await reports.get(check.id)! })),
      ),
      labDir,
      findKitImportError: () =>
        findKitImportError({
          labDir,
          dayId: day.id,
          start: day.manifest.start,
          compiledKit: compiledKit.value,
          ownDays: ownDays.value,
        }),
    });
    const blamed = blamePrerequisites({
      checks,
      results: new Map(finished.map((result) => [result.id, result])),
      shown: new Set(selected.map((check) => check.id)),
    });
    const results = selected.map((check) => reportedResult(blamed.get(check.id)!));
    const score = results.filter((result) => result.status === 'pass').length;
    return {
      ok: true,
      notRun: new Set(results.filter((result) => notRun.has(result.id)).map((result) => result.id)),
      value: {
        day: day.id,
        lab: options.label,
        score,
        max: results.length,
        checks: results,
        ...(compileError ? { compileError } : {}),
        ...(loadError ? { loadError } : {}),
        seed: options.seed,
      },
    };
  } finally {
    // A real run its check never asked for (it failed first) runs in the grade's folders: it is
    // stopped rather than waited for, so a lab that fails early is not held to a run's time limit.
    judged.abort();
    await Promise.allSettled(realRuns.values());
    await cleanup();
    await removeGradeFolder(gradeFolder);
    // A build still writing would put its files back once the folder is gone: the command line's,
    // when no check of the grade runs it (`--only`) and the checks end first. Seen leaking a
    // d4 lab's command-line/ about once a full test run; waited for, at most a check's time.
    await settledOrAfter({
      promise: Promise.allSettled([compiledLab.modules, compiledLab.commandLine]),
      ms: timeoutMs,
    });
    await removeTempFolder(compiledRoot);
  }
}

/** Each earlier day's lab, staged as a lab of its own day, under its finished package's name. */
async function stageOwnDays(
  ownDays: NonNullable<GradeLabOptions['ownDays']>,
): Promise<
  | { ok: true; value: Array<OwnDayLab & { cleanup(): Promise<void> }> }
  | { ok: false; error: string }
> {
  const staged: Array<OwnDayLab & { cleanup(): Promise<void> }> = [];
  const fail = async (error: string) => {
    for (const done of staged) await done.cleanup();
    return { ok: false as const, error };
  };
  for (const own of ownDays) {
    const finished = findFinishedPackage(own.day);
    if (!finished) return fail(`no later day runs on ${own.day}`);
    const lab = await stageLab({
      labDir: own.labDir,
      label: own.label,
      dayId: own.day,
      kitLabDir: `labs/${own.day}`,
      kitSolutionDir: `solutions/${own.day}`,
    });
    if (!lab.ok) return fail(lab.error);
    staged.push({
      packageName: finishedPackageName(finished),
      directory: lab.value.directory,
      cleanup: lab.value.cleanup,
    });
  }
  return { ok: true, value: staged };
}
