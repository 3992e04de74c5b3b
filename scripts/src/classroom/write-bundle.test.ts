import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fastGlob from 'fast-glob';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finishedPackagesFrom } from '@agent-course/course';
import { listSolutionDays } from '../list-solution-days';
import { REPO_ROOT } from '../repo-root';
import { BUNDLE_KINDS, type BundleKind } from './bundle-kinds';
import { distinctiveSolutionLines } from './solution-lines';
import { writeBundle } from './write-bundle';

const days = await listSolutionDays(REPO_ROOT);
const kinds = Object.keys(BUNDLE_KINDS) as BundleKind[];

let scratch = '';
beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'course-bundles-'));
});
afterAll(() => rm(scratch, { recursive: true, force: true }));

describe.each(days)('the bundles of %s', (day) => {
  it.each(kinds)("%s holds no line of an exercise region's solution", async (kind) => {
    const out = path.join(scratch, `${day}-${kind}`);
    const written = await writeBundle({ root: REPO_ROOT, day, kind, out });
    expect(written).toMatchObject({ ok: true });

    const files = await fastGlob('**/*', { cwd: out, dot: true });
    expect(files.filter((file) => /(^|\/)solutions\//.test(file))).toEqual([]);
    // A package holding this day's code, finished, or a later day's (packages/finished-d4 for d3 or
    // d4), is for later days only.
    const finishedHere = finishedPackagesFrom(day);
    expect(
      files.filter((file) =>
        finishedHere.some((finished) => file.includes(`${finished.directory}/`)),
      ),
    ).toEqual([]);
    const lines = await distinctiveSolutionLines({ root: REPO_ROOT, day });
    // A day whose regions yield nothing to look for would make this test pass vacuously.
    expect(lines.length).toBeGreaterThan(0);
    const leaks: string[] = [];
    for (const file of files) {
      const text = await readFile(path.join(out, file), 'utf8');
      for (const line of lines) if (text.includes(line)) leaks.push(`${file}: ${line}`);
    }
    expect(leaks).toEqual([]);
  });
});

describe('the solution-free check', () => {
  it('finds a solution line that a bundle would carry', async () => {
    const [day] = days;
    const lines = await distinctiveSolutionLines({ root: REPO_ROOT, day: day! });
    const solution = await fastGlob('src/**/*.ts', {
      cwd: path.join(REPO_ROOT, 'solutions', day!),
    });
    const texts = await Promise.all(
      solution.map((file) => readFile(path.join(REPO_ROOT, 'solutions', day!, file), 'utf8')),
    );
    // Every line it looks for is in the solution, and none is in the starter students get.
    for (const line of lines) expect(texts.some((text) => text.includes(line))).toBe(true);
    const starter = await fastGlob('src/**/*.ts', { cwd: path.join(REPO_ROOT, 'labs', day!) });
    for (const file of starter) {
      const text = await readFile(path.join(REPO_ROOT, 'labs', day!, file), 'utf8');
      for (const line of lines) expect(text.includes(line)).toBe(false);
    }
  });
});
