import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** Where a day's package is and which day it is, or why that cannot be told. */
export type DayPackage =
  { ok: true; day: string; packageDirectory: string } | { ok: false; error: string };

/**
 * The day a `main.ts` belongs to, read from its package folder's name (`labs/d3` and
 * `solutions/d3` are both day 3), so no day has to repeat its own name in code.
 */
export function findDayPackage(mainFile: string): DayPackage {
  let directory = dirname(mainFile);
  while (!existsSync(join(directory, 'package.json'))) {
    const parent = dirname(directory);
    if (parent === directory) {
      return { ok: false, error: 'SELFTEST found no package.json above the script it runs.' };
    }
    directory = parent;
  }
  const day = basename(directory);
  if (!/^d\d+$/.test(day)) {
    return {
      ok: false,
      error: `SELFTEST grades a day's folder such as labs/d3, not "${day}"; run it from labs/dN.`,
    };
  }
  return { ok: true, day, packageDirectory: directory };
}

/**
 * SELFTEST=1: grades the package whose `main.ts` is running with the course grader, exactly as
 * `pnpm grade dN` would, and resolves to the grader's exit code.
 */
export function runSelfTest({ mainFile }: { mainFile: string }): Promise<number> {
  const found = findDayPackage(mainFile);
  if (!found.ok) {
    process.stderr.write(`${found.error}\n`);
    return Promise.resolve(2);
  }
  const { day, packageDirectory } = found;
  const grader = join(packageDirectory, '..', '..', 'grader', 'src', 'grade-command.mjs');
  if (!existsSync(grader)) {
    process.stderr.write(
      'SELFTEST needs the course grader in grader/ beside labs/ and solutions/; ' +
        'run it from a clone of the course kit.\n',
    );
    return Promise.resolve(2);
  }
  const child = spawn(process.execPath, [grader, day, '--lab', packageDirectory], {
    stdio: 'inherit',
  });
  return new Promise((done) => child.on('exit', (code) => done(code ?? 1)));
}
