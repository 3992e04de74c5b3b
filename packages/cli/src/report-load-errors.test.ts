import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let day: string;
beforeAll(async () => {
  day = await mkdtemp(join(tmpdir(), 'report-load-errors-'));
  await mkdir(join(day, 'src'));
});
afterAll(() => rm(day, { recursive: true, force: true }));

/** Starts `src/main.ts` of the day as its `pnpm start` does: tsx, with the reporter loaded first. */
async function start(source: string) {
  await writeFile(join(day, 'src', 'main.ts'), source);
  const started = spawnSync(
    process.execPath,
    [
      '--import',
      import.meta.resolve('tsx'),
      '--import',
      new URL('./report-load-errors.ts', import.meta.url).href,
      'src/main.ts',
    ],
    { cwd: day, encoding: 'utf8' },
  );
  return { exitCode: started.status, stdout: started.stdout, stderr: started.stderr };
}

describe('report-load-errors, preloaded by pnpm start', () => {
  it('tells a file that does not compile by its line, without a stack or a machine path', async () => {
    const started = await start('export const broken = ;\n');
    expect(started.exitCode).toBe(1);
    expect(started.stderr.trimEnd()).toBe(
      [
        'Could not start: the code does not compile.',
        '  src/main.ts:1:22: Unexpected ";"',
        'Fix the first of these lines, then run it again.',
      ].join('\n'),
    );
  });

  it('leaves a day that loads alone', async () => {
    const started = await start("console.log('ran');\n");
    expect([started.exitCode, started.stdout, started.stderr]).toEqual([0, 'ran\n', '']);
  });
});
