import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { compileGrader } from '../compiled/compile-grader.mjs';
import { compiledPathOf } from '../compiled/compiled-path-of.mjs';
import { GRADER_DAYS_DIR, KIT_ROOT } from '../beside-lab/kit-paths';
import { protectJudgingSources } from './protect-judging-sources';

const runsAsRoot = process.getuid?.() === 0;

/** The compiled files under `folder` whose code holds `text`. */
async function findFilesHolding({ folder, text }: { folder: string; text: string }) {
  const files = await readdir(folder, { recursive: true });
  const holding: string[] = [];
  for (const file of files.filter((name) => name.endsWith('.js'))) {
    if ((await readFile(join(folder, file), 'utf8')).includes(text))
      holding.push(join(folder, file));
  }
  return holding;
}

/** Whether the user student code runs as (nobody, when the grader is root) can read a file. */
async function studentCanRead(file: string): Promise<boolean> {
  const read = await execa(
    'setpriv',
    ['--reuid=nobody', '--regid=nogroup', '--clear-groups', 'cat', file],
    { reject: false },
  );
  return read.exitCode === 0;
}

describe.runIf(runsAsRoot)('as root, the files that judge are unreadable by student code', () => {
  it("a day's checks and variants are not readable by nobody; what runs beside the lab is", async () => {
    await protectJudgingSources();
    expect(await studentCanRead(join(GRADER_DAYS_DIR, 'd3', 'judging', 'truncation.ts'))).toBe(
      false,
    );
    expect(
      await studentCanRead(join(GRADER_DAYS_DIR, 'd3', 'variants', 'truncation-variant.ts')),
    ).toBe(false);
    expect(await studentCanRead(join(GRADER_DAYS_DIR, 'd3', 'beside-lab', 'truncation.ts'))).toBe(
      true,
    );
  });

  it('so are their compiled twins, while the check process and the kit stay readable', async () => {
    const built = await compileGrader();
    if (!built.ok) throw new Error(built.error);
    const twin = (file: string) =>
      compiledPathOf({
        sourceRoot: KIT_ROOT,
        outDir: built.value.outDir,
        file: join(KIT_ROOT, file),
      })!;
    expect(await studentCanRead(twin('grader/src/days/d3/judging/index.ts'))).toBe(false);
    expect(await studentCanRead(twin('grader/src/main.ts'))).toBe(false);
    expect(await studentCanRead(twin('grader/src/days/d3/beside-lab/index.ts'))).toBe(true);
    expect(await studentCanRead(twin('grader/src/beside-lab/drive-lab.ts'))).toBe(true);
    expect(await studentCanRead(twin('packages/core/src/index.ts'))).toBe(true);
    // What only judging code imports is split into chunks of its own, which are protected too.
    for (const text of ['function judgeWorkingResults(', 'function judgeRealRun(']) {
      const judgingHelpers = await findFilesHolding({ folder: built.value.outDir, text });
      expect(judgingHelpers.length, text).toBeGreaterThan(0);
      for (const file of judgingHelpers) expect(await studentCanRead(file), file).toBe(false);
    }
  });
});
