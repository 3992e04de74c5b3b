import { describe, expect, it } from 'vitest';
import { createTempRoot } from './create-temp-root';
import { testDayManifest } from './test-day-manifest';
import { runDiffCommand } from './run-diff-command';
import { runStarterCommand } from './run-starter-command';

async function dayNine(): Promise<string> {
  const root = await createTempRoot({
    'solutions/d9/day.ts': testDayManifest({ id: 'd9', files: ['src/a.ts'] }),
    'solutions/d9/package.json':
      '{ "name": "s", "description": "Day 9 reference solution: test." }\n',
    'solutions/d9/src/same.ts': 'export const same = 1;\n',
    'solutions/d9/src/a.ts': [
      'export function one(): number {',
      '  // #region exercise 1',
      '  return 1;',
      '  // #starter',
      '  //> return 0;',
      '  // #endregion exercise 1',
      '}',
      '',
    ].join('\n'),
  });
  await runStarterCommand({ root, args: ['d9'], print: () => {} });
  return root;
}

async function run(root: string, args: string[]) {
  const lines: string[] = [];
  const code = await runDiffCommand({
    root,
    args,
    print: (line) => lines.push(line),
    color: false,
  });
  return { code, output: lines.join('\n') };
}

describe('pnpm diff', () => {
  it('prints a plain unified diff of the exercise region only, starter against solution', async () => {
    const { code, output } = await run(await dayNine(), ['d9']);
    expect(code).toBe(0);
    expect(output).not.toContain('\u001b[');
    expect(output).toContain(
      [
        '--- a/labs/d9/src/a.ts',
        '+++ b/solutions/d9/src/a.ts',
        '@@ -1,5 +1,7 @@',
        ' export function one(): number {',
        '-  // TODO(1): task 1',
        '-  //   details of exercise 1',
        '-  return 0;',
        '+  // #region exercise 1',
        '+  return 1;',
        '+  // #starter',
        '+  //> return 0;',
        '+  // #endregion exercise 1',
        ' }',
      ].join('\n'),
    );
    expect(output).not.toContain('same.ts');
    expect(output).not.toContain('package.json\n');
    expect(output).toContain(
      '(package.json, README.md, README.zh-CN.md and measure-figures.ts differ by design and are left out; --all shows them)',
    );
  });

  it('--stat prints one line per differing file and --all adds package.json', async () => {
    const root = await dayNine();
    expect((await run(root, ['d9', '--stat'])).output.split('\n').slice(0, 2)).toEqual([
      ' src/a.ts | +5 -3',
      ' 1 file(s) differ, 5 solution line(s) added, 3 starter line(s) removed',
    ]);
    expect((await run(root, ['d9', '--stat', '--all'])).output).toContain(' package.json | +1 -4');
  });

  it('rejects an unknown option with the usage', async () => {
    const { code, output } = await run(await dayNine(), ['d9', '--color']);
    expect(code).toBe(2);
    expect(output).toContain('unknown option --color');
  });

  it('refuses a day that does not exist and lists the days that do', async () => {
    const { code, output } = await run(await dayNine(), ['d8']);
    expect(code).toBe(2);
    expect(output).toBe('pnpm diff: there is no day d8 (no solutions/d8); the days are: d9');
  });
});
