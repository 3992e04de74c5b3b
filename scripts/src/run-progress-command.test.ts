import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTempRoot } from './create-temp-root';
import { runProgressCommand } from './run-progress-command';
import { testDayManifest } from './test-day-manifest';

const AT = '2026-12-04T09:30:00.000Z';

const kit = (extra: Record<string, string> = {}) =>
  createTempRoot({
    'labs/d3/day.ts': testDayManifest({ id: 'd3', files: ['src/a.ts'] }),
    'labs/d4/day.ts': testDayManifest({
      id: 'd4',
      files: ['src/b.ts', 'src/c.ts'],
      overrides: { buildsOn: ['d3'] },
    }),
    'labs/d5/day.ts': testDayManifest({
      id: 'd5',
      files: ['src/d.ts'],
      overrides: { draft: true },
    }),
    ...extra,
  });

async function run(root: string, args: string[] = []) {
  const lines: string[] = [];
  const code = await runProgressCommand({ root, args, print: (line) => lines.push(line) });
  return { code, text: lines.join('\n') };
}

const grades = (value: object) => ({ '.course-progress.json': JSON.stringify(value) });

describe('pnpm progress', () => {
  it('lists each released day, never graded, and starts the student at the first', async () => {
    const { code, text } = await run(await kit());
    expect(code).toBe(0);
    expect(text).toContain('| `d3` | a tiny day for tests | not graded yet | —            |');
    expect(text).toContain("| `d4` | a tiny day for tests | not graded yet | the kit's d3 |");
    expect(text).not.toContain('`d5`');
    expect(text).toContain(
      'Next, day 3: read labs/d3/README.md, watch the symptom with `MOCK=1 pnpm start d3`',
    );
  });

  it('shows the last scores and the switched days, and sends the student to the first unfinished day', async () => {
    const root = await kit({
      ...grades({ d3: { score: 1, max: 1, at: AT }, d4: { score: 1, max: 2, at: AT } }),
      'my-days.json': '{ "d3": "mine" }',
    });
    const { text } = await run(root);
    expect(text).toContain(
      '| `d3` | a tiny day for tests | 1/1 (2026-12-04 09:30 UTC) | —       |',
    );
    expect(text).toContain(
      '| `d4` | a tiny day for tests | 1/2 (2026-12-04 09:30 UTC) | your d3 |',
    );
    expect(text).toContain(
      'Next, day 4: `pnpm grade d4` names the first failing check and the TODO to look at (last 1/2).',
    );
  });

  it('says when every released day is done, and refuses arguments and a broken my-days.json', async () => {
    const done = await kit(
      grades({ d3: { score: 1, max: 1, at: AT }, d4: { score: 2, max: 2, at: AT } }),
    );
    expect((await run(done)).text).toContain('Every released day is at full marks.');
    expect((await run(done, ['d3'])).code).toBe(2);
    await writeFile(path.join(done, 'my-days.json'), '[');
    const broken = await run(done);
    expect(broken.code).toBe(2);
    expect(broken.text).toContain('pnpm progress: my-days.json is not valid JSON');
  });
});
