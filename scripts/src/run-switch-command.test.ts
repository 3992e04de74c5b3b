import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTempRoot } from './create-temp-root';
import { runSwitchCommand } from './run-switch-command';
import { testDayManifest } from './test-day-manifest';

const kit = () =>
  createTempRoot({
    'labs/d3/day.ts': testDayManifest({ id: 'd3', files: ['src/a.ts'] }),
    'labs/d4/day.ts': testDayManifest({
      id: 'd4',
      files: ['src/b.ts'],
      overrides: { buildsOn: ['d3'] },
    }),
  });

async function run(root: string, args: string[]) {
  const lines: string[] = [];
  const code = await runSwitchCommand({ root, args, print: (line) => lines.push(line) });
  return { code, lines };
}

const choices = async (root: string) =>
  JSON.parse(await readFile(path.join(root, 'my-days.json'), 'utf8')) as unknown;

describe('pnpm switch', () => {
  it('lists every day that can be switched, with whose it is and which days run on it', async () => {
    const root = await kit();
    expect(await run(root, [])).toEqual({
      code: 0,
      lines: ["d3: the kit's; d4 runs on it", "d4: the kit's; no released day runs on it yet"],
    });
    expect(existsSync(path.join(root, 'my-days.json'))).toBe(false);
  });

  it("switches a day to the student's and back, in my-days.json, saying what changed", async () => {
    const root = await kit();
    const mine = await run(root, ['d3', 'mine']);
    expect(mine.code).toBe(0);
    expect(mine.lines).toEqual([
      "d3 now runs as yours (labs/d3); d4 runs on it, and `pnpm start d4` says so first. `pnpm grade d4` still grades on the kit's d3; `pnpm grade d4 --mine` grades on yours.",
      '(kept in my-days.json; `pnpm switch d3 kit` switches back)',
    ]);
    expect(await choices(root)).toEqual({ d3: 'mine' });
    expect((await run(root, [])).lines[0]).toBe('d3: yours (labs/d3); d4 runs on it');
    expect((await run(root, ['d3', 'kit'])).code).toBe(0);
    expect(await choices(root)).toEqual({});
  });

  it('refuses what it cannot do, with what to write instead, and leaves the file alone', async () => {
    const root = await kit();
    await run(root, ['d3', 'mine']);
    for (const [args, expected] of [
      [['d3'], 'say mine or kit after d3, e.g. `pnpm switch d3 mine`'],
      [['d3', 'yes'], '"yes" is neither mine nor kit'],
      [['d3', 'mine', 'now'], 'one day at a time; "now" came after `d3 mine`'],
      [['d5', 'mine'], 'no later day runs on d5; the days you can switch are d3, d4'],
    ] as const) {
      const refused = await run(root, [...args]);
      expect(refused.code, args.join(' ')).toBe(2);
      expect(refused.lines[0]).toContain(expected);
    }
    expect(await choices(root)).toEqual({ d3: 'mine' });
    // A day typed in capitals is the same day.
    expect((await run(root, ['D3', 'kit'])).code).toBe(0);
    expect(await choices(root)).toEqual({});
  });

  it('says how to mend a broken my-days.json instead of overwriting it', async () => {
    const root = await kit();
    await writeFile(path.join(root, 'my-days.json'), '{ "d3": true }');
    const refused = await run(root, ['d4', 'mine']);
    expect(refused.code).toBe(2);
    expect(refused.lines[0]).toContain('pnpm switch: my-days.json: d3: write "mine" or "kit"');
    expect(await readFile(path.join(root, 'my-days.json'), 'utf8')).toBe('{ "d3": true }');
  });
});
