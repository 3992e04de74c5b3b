import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { KIT_ROOT } from './kit-paths';

const GRADER_SRC = join(KIT_ROOT, 'grader', 'src');

/**
 * The folders whose files may be loaded where student code runs: the grader's `beside-lab/` and
 * each day's. Everything else in grader/src judges, or is the grader's own machinery, and a lab
 * that could load it could read what a check expects or call it to work out its answers.
 */
const BESIDE_LAB = /^(beside-lab|days\/[^/]+\/beside-lab)\//;
/**
 * Where a compiled twin lives, which both sides must agree on; it holds nothing that judges. It
 * stays with the code that compiles the grader, which is plain JavaScript run before any build.
 */
const SHARED_WITH_THE_BUILD = new Set(['compiled/compiled-path-of.mjs']);

/**
 * What the check process and the lab's real run start from: their entries, and every file in a
 * day's beside-lab folder, listed in its index or not yet.
 */
async function besideLabEntries(): Promise<string[]> {
  const days = await readdir(join(GRADER_SRC, 'days'));
  const dayFiles = await Promise.all(
    days.map(async (day) => {
      const folder = join(GRADER_SRC, 'days', day, 'beside-lab');
      const names = await readdir(folder, { recursive: true });
      return names
        .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
        .map((name) => join(folder, name));
    }),
  );
  return [
    join(GRADER_SRC, 'beside-lab', 'drive-lab.ts'),
    join(GRADER_SRC, 'beside-lab', 'launch-lab-program.ts'),
    ...dayFiles.flat(),
  ];
}

/** The grader's files the entries load, outside the folders that may run beside the lab. */
async function loadedOutsideBesideLab(entries: string[]): Promise<string[]> {
  const result = await build({
    entryPoints: entries,
    bundle: true,
    write: false,
    metafile: true,
    platform: 'node',
    format: 'esm',
    outdir: join(GRADER_SRC, 'unused-out'),
    absWorkingDir: GRADER_SRC,
    // Only the grader's own files matter here; the kit's packages and npm's are the lab's anyway.
    packages: 'external',
    logLevel: 'silent',
  });
  // Paths relative to absWorkingDir; an entry outside grader/src (the test's own) starts with `..`.
  return Object.keys(result.metafile.inputs).filter(
    (file) => !file.startsWith('..') && !BESIDE_LAB.test(file) && !SHARED_WITH_THE_BUILD.has(file),
  );
}

describe('the trust boundary', () => {
  it('the code that runs beside the lab loads only files from a beside-lab folder', async () => {
    const entries = await besideLabEntries();
    expect(entries.length).toBeGreaterThan(10);
    expect(await loadedOutsideBesideLab(entries)).toEqual([]);
  });

  it('names a judging file that a driving part would load', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'trust-boundary-'));
    try {
      const entry = join(folder, 'leaky-part.ts');
      const judging = join(GRADER_SRC, 'judging', 'grade-lab.ts');
      await writeFile(
        entry,
        `export { gradeLab } from ${JSON.stringify(judging)};\n` +
          `export * from ${JSON.stringify(join(GRADER_SRC, 'beside-lab', 'limits.ts'))};\n`,
      );
      const outside = await loadedOutsideBesideLab([entry]);
      expect(outside).toContain(relative(GRADER_SRC, judging));
      expect(outside.every((file) => !BESIDE_LAB.test(file))).toBe(true);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
