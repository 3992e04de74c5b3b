import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findStaleManifest } from './find-stale-manifest';

let kitRoot: string;
beforeEach(async () => {
  kitRoot = await mkdtemp(join(tmpdir(), 'stale-manifest-'));
  await mkdir(join(kitRoot, 'labs', 'd3'), { recursive: true });
  await writeFile(join(kitRoot, 'labs', 'd3', 'day.ts'), "hints: { default: 'old' }\n");
});
afterEach(() => rm(kitRoot, { recursive: true, force: true }));

const find = () =>
  findStaleManifest({ kitRoot, dayId: 'd3', labDir: 'labs/d3', solutionDir: 'solutions/d3' });

describe('findStaleManifest', () => {
  it("names the command that copies a solution's edited manifest to the lab", async () => {
    await mkdir(join(kitRoot, 'solutions', 'd3'), { recursive: true });
    await writeFile(join(kitRoot, 'solutions', 'd3', 'day.ts'), "hints: { default: 'new' }\n");
    expect(find()).toBe(
      "Note for instructors: solutions/d3/day.ts differs from labs/d3/day.ts, which the grader reads, so its hints and titles are not the solution's yet; run `pnpm starter d3` to copy them (it stops before overwriting uncommitted work in the lab).",
    );
  });

  it('says nothing when the two are the same, or in a kit without the solution', async () => {
    expect(find()).toBeUndefined();
    await mkdir(join(kitRoot, 'solutions', 'd3'), { recursive: true });
    await writeFile(join(kitRoot, 'solutions', 'd3', 'day.ts'), "hints: { default: 'old' }\n");
    expect(find()).toBeUndefined();
  });
});
