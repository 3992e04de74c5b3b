import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadDayManifest } from '@agent-course/course';
import { KIT_ROOT } from '../../beside-lab/kit-paths';

const DAY_DIR = join(KIT_ROOT, 'grader', 'src', 'days', 'd4');

describe("day 4's hints", async () => {
  const manifest = await loadDayManifest({
    dayDir: join(KIT_ROOT, 'labs', 'd4'),
    shown: 'labs/d4',
  });
  if (!manifest.ok) throw new Error(manifest.error);

  it.each(manifest.value.checks.map((check) => [check.id, check]))(
    '%s has a hint in day.ts for every kind of mistake its code reports, and no hint it never uses',
    async (id, check) => {
      const source = await readFile(join(DAY_DIR, 'judging', `${id}.ts`), 'utf8');
      const reported = [
        ...new Set([...source.matchAll(/mistake: '([a-z0-9-]+)'/g)].map((match) => match[1]!)),
      ];
      const declared = Object.keys(check.hints).filter((key) => key !== 'default');
      expect(reported.sort()).toEqual(declared.sort());
    },
  );
});
