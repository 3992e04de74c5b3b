import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findDays } from '@agent-course/course';
import { createTempRoot } from './create-temp-root';
import { listSolutionDays } from './list-solution-days';
import { REPO_ROOT } from './repo-root';
import { runClassroomCommand } from './run-classroom-command';
import { testDayManifest } from './test-day-manifest';

async function run(args: string[], invokedFrom = REPO_ROOT) {
  const lines: string[] = [];
  const code = await runClassroomCommand({
    root: REPO_ROOT,
    args,
    print: (line) => lines.push(line),
    invokedFrom,
  });
  return { code, first: lines[0], lines };
}

describe('pnpm classroom', () => {
  it.each([
    [['d3', '--out', 'x'], 'pnpm classroom: say what to build: template, classroom50, gradescope'],
    [['template', '--out', 'x'], 'pnpm classroom: give exactly one day, e.g. d3'],
    [['template', 'd3'], 'pnpm classroom: say where with --out DIR (a new or empty folder)'],
    [['template', 'd3', '--out', 'x', '--zip'], 'pnpm classroom: unknown option --zip'],
    [
      ['zipfile', 'd3', '--out', 'x'],
      'pnpm classroom: there is no bundle kind "zipfile"; build one of: template, classroom50, gradescope',
    ],
  ])('%j is refused with the usage', async (args, first) => {
    expect(await run(args)).toMatchObject({ code: 2, first });
  });

  it('refuses a day that does not exist, listing the days, and writes nothing', async () => {
    const root = await createTempRoot({});
    const { code, first } = await run(['template', 'd9', '--out', 'bundle'], root);
    expect(code).toBe(2);
    const days = await listSolutionDays(REPO_ROOT);
    expect(first).toBe(
      `pnpm classroom: there is no day d9 (no solutions/d9); the days are: ${days.join(', ')}`,
    );
    expect(existsSync(path.join(root, 'bundle'))).toBe(false);
  });

  it('refuses a draft day unless --draft says so, writing nothing', async () => {
    const root = await createTempRoot({
      'solutions/d9/day.ts': testDayManifest({
        id: 'd9',
        files: ['src/a.ts'],
        overrides: { draft: true },
      }),
    });
    const build = async (extra: string[]) => {
      const lines: string[] = [];
      const code = await runClassroomCommand({
        root,
        args: ['template', 'd9', '--out', 'bundle', ...extra],
        print: (line) => lines.push(line),
        invokedFrom: root,
      });
      return { code, first: lines[0] ?? '' };
    };
    const refused = await build([]);
    expect(refused.code).toBe(2);
    expect(refused.first).toBe(
      'pnpm classroom: d9 is a draft (draft: true in solutions/d9/day.ts), so its checks may not be written yet; release it first (CONTRIBUTING.md, "Adding a day"), or pass --draft to build it anyway',
    );
    expect(existsSync(path.join(root, 'bundle'))).toBe(false);
    // Asked for, the draft goes on to be built (this throwaway root has no kit to build it from).
    expect((await build(['--draft'])).first).not.toMatch(/draft|unknown option/);
  });

  it('writes the bundle where it was asked, relative to where it was invoked', async () => {
    const root = await createTempRoot({});
    const { code, lines } = await run(['template', 'd3', '--out', 'bundle'], root);
    expect(code).toBe(0);
    expect(lines[1]).toMatch(/^next: push it to a repository .*scripts\/classroom\/README\.md/);
    expect(existsSync(path.join(root, 'bundle', 'labs', 'd3', 'src', 'index.ts'))).toBe(true);
    expect(existsSync(path.join(root, 'bundle', 'solutions'))).toBe(false);
    expect(await run(['template', 'd3', '--out', 'bundle'], root)).toMatchObject({
      code: 2,
      first: 'pnpm classroom: --out bundle is not empty; pick a new or empty folder',
    });
  });

  it('refuses a file as the --out folder, saying so, without a stack trace', async () => {
    const root = await createTempRoot({ 'notes.md': 'mine\n' });
    expect(await run(['gradescope', 'd3', '--out', 'notes.md'], root)).toMatchObject({
      code: 2,
      first: 'pnpm classroom: --out notes.md is a file, not a folder; pick a new or empty folder',
    });
  });

  it("writes Gradescope's visibility into the bundle, and names the Autograder Points to set", async () => {
    const root = await createTempRoot({});
    const { code, lines } = await run(
      ['gradescope', 'd3', '--out', 'bundle', '--visibility', 'after_due_date'],
      root,
    );
    expect(code).toBe(0);
    const assignment = JSON.parse(
      readFileSync(path.join(root, 'bundle', 'assignment.json'), 'utf8'),
    );
    expect(assignment.visibility).toBe('after_due_date');
    expect(lines[1]).toContain(
      `set the assignment's Autograder Points to ${assignment.checks.length}`,
    );
    const plain = await run(['gradescope', 'd3', '--out', 'plain'], root);
    expect(plain.code).toBe(0);
    expect(
      JSON.parse(readFileSync(path.join(root, 'plain', 'assignment.json'), 'utf8')).visibility,
    ).toBe('visible');
  });

  it.each([
    [
      ['gradescope', 'd3', '--out', 'x', '--visibility', 'later'],
      'pnpm classroom: --visibility takes visible, hidden, after_due_date, after_published (Gradescope\'s own values), not "later"',
    ],
    [
      ['template', 'd3', '--out', 'x', '--visibility', 'hidden'],
      "pnpm classroom: --visibility is Gradescope's; a template bundle has none",
    ],
  ])('%j is refused', async (args, first) => {
    expect(await run(args)).toMatchObject({ code: 2, first });
  });

  it("names in the README the Autograder Points every released day's Gradescope assignment takes", async () => {
    const readme = readFileSync(path.join(REPO_ROOT, 'scripts', 'classroom', 'README.md'), 'utf8');
    const named = /set \*\*Autograder Points\*\* to \*\*(\d+)\*\*/.exec(readme)?.[1];
    const released = (await findDays({ root: REPO_ROOT, parent: 'solutions' })).flatMap(
      ({ manifest }) => (manifest.ok && !manifest.value.draft ? [manifest.value] : []),
    );
    expect(released.length).toBeGreaterThan(0);
    for (const day of released)
      expect(`${day.id}: ${day.checks.length}`).toBe(`${day.id}: ${named}`);
  });
});
