import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * SELFTEST=1: grades this very package with the course grader, exactly as `pnpm grade` would,
 * and resolves to the grader's exit code.
 */
export function runSelfTest({
  day,
  packageDirectory,
}: {
  day: string;
  packageDirectory: string;
}): Promise<number> {
  const grader = join(packageDirectory, '..', '..', 'grader', 'src', 'main.ts');
  if (!existsSync(grader)) {
    process.stderr.write(
      `SELFTEST needs the course grader at ${grader}; run it from a clone of the course kit.\n`,
    );
    return Promise.resolve(2);
  }
  const child = spawn(
    process.execPath,
    ['--import', import.meta.resolve('tsx'), grader, day, '--lab', packageDirectory],
    { stdio: 'inherit' },
  );
  return new Promise((done) => child.on('exit', (code) => done(code ?? 1)));
}
