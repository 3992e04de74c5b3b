import { constants } from 'node:fs';
import { access, stat, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import fg from 'fast-glob';
import { type BatchRow, rowForGrade, rowForUngraded } from '../reporting/batch-row';
import type { Limiter } from './create-limiter';
import type { Day } from '../judging/day';
import { gradeLab } from '../judging/grade-lab';
import type { GradeOutput } from '../main';
import type { GradeOptions } from './parse-arguments';
import { pickSeed } from '../judging/pick-seed';
import { describeSeed, seedReplaysSomething } from '../reporting/render-text';
import { renderTable } from '../reporting/render-table';

/**
 * Grades every folder the pattern matches, all sharing one limit on check processes, and prints a
 * table (and a CSV with --csv). A folder that hangs, crashes or is no lab still gets its row.
 * Exits 0 once every submission has a row: a batch reports grades, it does not pass or fail.
 */
export async function gradeBatch(input: {
  day: Day;
  pattern: string;
  invokedFrom: string;
  options: GradeOptions;
  limit: Limiter;
  output: GradeOutput;
}): Promise<number> {
  const { day, pattern, invokedFrom, options, output } = input;
  // Asked before grading: a batch must not run for minutes and then fail to write its CSV.
  if (options.csv) {
    const refused = await refuseCsvPath({
      path: resolve(invokedFrom, options.csv),
      shown: options.csv,
    });
    if (refused) {
      output.stderr(`${refused}\n`);
      return 2;
    }
  }
  const folders = (
    await fg(pattern, { cwd: invokedFrom, onlyDirectories: true, dot: false })
  ).sort();
  if (folders.length === 0) {
    output.stderr(
      `No folder matches ${pattern} here; check the pattern, e.g. --lab 'submissions/*'.\n`,
    );
    return 2;
  }
  // One seed for the whole batch: every submission meets the same variants.
  const seed = options.seed ?? pickSeed();
  // Each row, and whether the seed replays anything in it.
  const outcomes = await Promise.all(
    folders.map(async (submission): Promise<{ row: BatchRow; replaysSeed: boolean }> => {
      // One submission the grader cannot handle gets a row saying so; the others keep theirs.
      const graded = await gradeLab({
        day,
        labDir: resolve(invokedFrom, submission),
        label: submission,
        // Each graded as both autograders grade it: its src over the starter.
        srcOnly: true,
        timeoutSeconds: options.timeoutSeconds,
        seed,
        limit: input.limit,
        ...(options.only ? { only: options.only } : {}),
      }).catch((error: unknown) => ({
        ok: false as const,
        error: `the grader could not grade it (${error instanceof Error ? error.message : String(error)})`,
        notLab: false,
      }));
      return graded.ok
        ? {
            row: rowForGrade({ submission, grade: graded.value }),
            replaysSeed: seedReplaysSomething({ result: graded.value, notRun: graded.notRun }),
          }
        : {
            row: rowForUngraded({
              submission,
              error: graded.error,
              notLab: graded.notLab === true,
            }),
            replaysSeed: false,
          };
    }),
  );
  const rows = outcomes.map(({ row }) => row);
  output.stdout(renderTable(rows));
  // Only a check that ran and failed met the seed's variants: a row that is no lab, or whose lab
  // does not compile or load, has nothing for --seed to replay.
  if (outcomes.some(({ replaysSeed }) => replaysSeed)) {
    output.stdout(`${describeSeed(seed)}\n`);
  }
  if (options.csv) {
    const checkIds = day.checks
      .filter((check) => !options.only || check.id === options.only)
      .map((check) => check.id);
    // Loaded only when a CSV was asked for.
    const { renderCsv } = await import('../reporting/render-csv');
    await writeFile(resolve(invokedFrom, options.csv), renderCsv({ rows, checkIds }));
  }
  return 0;
}

/**
 * Why no CSV can be written at `path`, or undefined when it can. `shown` is the path as typed, for
 * the message.
 */
async function refuseCsvPath({
  path,
  shown,
}: {
  path: string;
  shown: string;
}): Promise<string | undefined> {
  const [folder, target] = await Promise.all(
    [dirname(path), path].map((entry) => stat(entry).catch(() => undefined)),
  );
  if (!folder?.isDirectory()) {
    return `--csv ${shown}: the folder ${dirname(shown)} does not exist; create it or write the file elsewhere.`;
  }
  if (target?.isDirectory()) return `--csv ${shown} is a folder; name a file, e.g. grades.csv.`;
  return access(target ? path : dirname(path), constants.W_OK).then(
    () => undefined,
    () => `--csv ${shown}: not allowed to write there; pick a path you can write to.`,
  );
}
