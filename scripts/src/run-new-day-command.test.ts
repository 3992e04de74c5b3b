import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTempRoot } from './create-temp-root';
import { listPackageFiles } from './list-package-files';
import { runNewDayCommand } from './run-new-day-command';
import { syncStarter } from './sync-starter';

async function run(root: string, args: string[]) {
  const lines: string[] = [];
  const code = await runNewDayCommand({ root, args, print: (line) => lines.push(line) });
  return { code, lines };
}

describe('pnpm new-day', () => {
  it('scaffolds the solution, a generated lab and the grader day, then lists the next steps', async () => {
    const root = await createTempRoot({ 'labs/d3/README.md': '# Day 3\n' });
    const { code, lines } = await run(root, ['d4']);
    expect(code).toBe(0);
    expect(await listPackageFiles(path.join(root, 'solutions/d4'))).toEqual([
      'README.md',
      'package.json',
      'src/index.ts',
      'src/placeholder.test.ts',
      'src/placeholder.ts',
      'tsconfig.json',
      'vitest.config.ts',
    ]);
    expect(await listPackageFiles(path.join(root, 'grader/src/days/d4'))).toEqual([
      'checks/placeholder.ts',
      'index.ts',
    ]);
    expect(await readFile(path.join(root, 'labs/d4/src/placeholder.ts'), 'utf8')).toContain(
      "  // TODO(1): placeholder — return 'done'",
    );
    expect(
      JSON.parse(await readFile(path.join(root, 'labs/d4/package.json'), 'utf8')),
    ).toMatchObject({
      name: '@agent-course/d4-lab',
      description: 'Day 4 starter: describe the day in one line.',
      scripts: { typecheck: 'tsc -p .', unit: 'vitest run' },
    });
    const grader = await readFile(path.join(root, 'grader/src/days/d4/index.ts'), 'utf8');
    expect(grader).toContain("export const day4: Day = {\n  id: 'd4',");
    expect(lines).toContain('created labs/d4/src/placeholder.ts');
    expect(lines).toContain(
      "  1. register the day in grader/src/days/find-day.ts: add `import { day4 } from './d4';` and put day4 in the DAYS array",
    );
    const check = await syncStarter({ root, day: 'd4', check: true });
    expect(check.ok && check.plan.differences).toEqual([]);
  });

  it("scaffolds a placeholder check in the grader's current shape, which loads and fails honestly", async () => {
    const root = await createTempRoot({});
    expect((await run(root, ['d4'])).code).toBe(0);
    // The grader's Check, as far as grading a day relies on it.
    type LoadableCheck = {
      runsIn: string;
      load(): Promise<{ run(context: unknown): Promise<{ passed: boolean }> }>;
    };
    const scaffolded = (await import(path.join(root, 'grader/src/days/d4/index.ts'))) as {
      day4: { checks: LoadableCheck[] };
    };
    const [placeholder] = scaffolded.day4.checks;
    expect(placeholder?.runsIn).toBe('child');
    const module = await placeholder!.load();
    expect(await module.run({})).toMatchObject({ passed: false });
  });

  it('refuses to overwrite an existing day and writes nothing', async () => {
    const root = await createTempRoot({ 'grader/src/days/d4/index.ts': 'export {};\n' });
    expect(await run(root, ['d4'])).toEqual({
      code: 1,
      lines: [
        'pnpm new-day: grader/src/days/d4 already exist(s); new-day never overwrites a day — pick another day or remove it first',
      ],
    });
    expect(await listPackageFiles(path.join(root, 'solutions'))).toEqual([]);
    expect(await listPackageFiles(path.join(root, 'labs'))).toEqual([]);
  });

  it('rejects a name that is not a day', async () => {
    const { code, lines } = await run(await createTempRoot({}), ['day4']);
    expect(code).toBe(1);
    expect(lines).toEqual(['pnpm new-day: expected a day such as d3, got "day4"']);
  });
});
