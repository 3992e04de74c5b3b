import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import fg from 'fast-glob';
import { type BatchRow, rowForGrade, rowForUngraded } from './batch-row';
import { checkOutputPath } from './check-output-path';
import type { Limiter } from './create-limiter';
import type { Day } from './day';
import { gradeLab } from './grade-lab';
import type { GradeOptions } from './parse-arguments';
import { pickSeed } from './pick-seed';
import { describeSeed } from './render-text';
import { renderTable } from './render-table';

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
}): Promise<number> {
  const { day, pattern, invokedFrom, options } = input;
  // Asked before grading: a batch must not run for minutes and then fail to write its CSV.
  if (options.csv) {
    const csvPath = resolve(invokedFrom, options.csv);
    const writable = await checkOutputPath({ path: csvPath, shown: options.csv, option: '--csv' });
    if (!writable.ok) {
      process.stderr.write(`${writable.error}\n`);
      return 2;
    }
  }
  const folders = (
    await fg(pattern, { cwd: invokedFrom, onlyDirectories: true, dot: false })
  ).sort();
  if (folders.length === 0) {
    process.stderr.write(
      `No folder matches ${pattern} here; check the pattern, e.g. --lab 'submissions/*'.\n`,
    );
    return 2;
  }
  // One seed for the whole batch: every submission meets the same variants.
  const seed = options.seed ?? pickSeed();
  const rows = await Promise.all(
    folders.map(async (submission): Promise<BatchRow> => {
      // One submission the grader cannot handle gets a row saying so; the others keep theirs.
      const graded = await gradeLab({
        day,
        labDir: resolve(invokedFrom, submission),
        label: submission,
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
        ? rowForGrade({ submission, grade: graded.value })
        : rowForUngraded({ submission, error: graded.error, notLab: graded.notLab === true });
    }),
  );
  process.stdout.write(renderTable(rows));
  if (rows.some((row) => row.result !== 'graded' || row.grade?.score !== row.grade?.max)) {
    process.stdout.write(`${describeSeed(seed)}\n`);
  }
  if (options.csv) {
    const checkIds = day.checks
      .filter((check) => !options.only || check.id === options.only)
      .map((check) => check.id);
    // Loaded only when a CSV was asked for.
    const { renderCsv } = await import('./render-csv');
    await writeFile(resolve(invokedFrom, options.csv), renderCsv({ rows, checkIds }));
  }
  return 0;
}
