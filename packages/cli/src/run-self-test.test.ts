import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findDayPackage } from './run-self-test';

let kit: string;
beforeAll(async () => {
  kit = await mkdtemp(join(tmpdir(), 'cli-kit-'));
  for (const folder of ['labs/d3', 'solutions/d12', 'packages/tools']) {
    await mkdir(join(kit, folder, 'src'), { recursive: true });
    await writeFile(join(kit, folder, 'package.json'), '{}');
  }
});
afterAll(async () => {
  await rm(kit, { recursive: true, force: true });
});

describe('findDayPackage', () => {
  it("reads the day from the name of the main file's package folder", () => {
    expect(findDayPackage(join(kit, 'labs/d3/src/main.ts'))).toEqual({
      ok: true,
      day: 'd3',
      packageDirectory: join(kit, 'labs/d3'),
    });
    expect(findDayPackage(join(kit, 'solutions/d12/src/main.ts'))).toMatchObject({ day: 'd12' });
  });

  it('says where to run it from a package that is not a day', () => {
    expect(findDayPackage(join(kit, 'packages/tools/src/main.ts'))).toEqual({
      ok: false,
      error: `SELFTEST grades a day's folder such as labs/d3, not "tools"; run it from labs/dN.`,
    });
  });
});
