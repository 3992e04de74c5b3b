import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { comparePageStructure } from './compare-page-structure';
import { createTempRoot } from './create-temp-root';
import { listPackageFiles } from './list-package-files';
import { REPO_ROOT } from './repo-root';
import { runCourseCommand } from './run-course-command';
import { runNewDayCommand } from './run-new-day-command';
import { syncStarter } from './sync-starter';

/** A root with the kit's root modules linked in, so a new day's manifest imports @agent-course/course. */
async function kitRoot(files: Record<string, string>): Promise<string> {
  const base = await readFile(path.join(REPO_ROOT, 'tsconfig.base.json'), 'utf8');
  const root = await createTempRoot({ 'tsconfig.base.json': base, ...files });
  await symlink(path.join(REPO_ROOT, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  return root;
}

async function run(root: string, args: string[]) {
  const lines: string[] = [];
  const code = await runNewDayCommand({ root, args, print: (line) => lines.push(line) });
  return { code, lines };
}

describe('pnpm new-day', () => {
  it('scaffolds a draft day: its manifest, solution, generated lab and placeholder check, then the exact next steps', async () => {
    const root = await kitRoot({ 'labs/d3/README.md': '# Day 3\n' });
    const { code, lines } = await run(root, ['d4']);
    expect(code).toBe(0);
    expect(await listPackageFiles(path.join(root, 'solutions/d4'))).toEqual([
      'README.md',
      'README.zh-CN.md',
      'day.ts',
      'package.json',
      'src/index.ts',
      'src/main.ts',
      'src/placeholder.test.ts',
      'src/placeholder.ts',
      'tsconfig.json',
      'vitest.config.ts',
    ]);
    expect(await listPackageFiles(path.join(root, 'grader/src/days/d4'))).toEqual([
      'beside-lab/index.ts',
      'beside-lab/placeholder.ts',
      'judging/index.ts',
      'judging/placeholder.ts',
    ]);
    expect(await readFile(path.join(root, 'labs/d4/src/placeholder.ts'), 'utf8')).toContain(
      "  // TODO(1): placeholder: return 'done' (replace with the day's first exercise)\n  //   A few sentences",
    );
    expect(await readFile(path.join(root, 'labs/d4/README.md'), 'utf8')).toContain(
      "| TODO(1)  | `src/placeholder.ts` | placeholder: return 'done'",
    );
    expect(
      JSON.parse(await readFile(path.join(root, 'labs/d4/package.json'), 'utf8')),
    ).toMatchObject({
      name: '@agent-course/d4-lab',
      description: 'Day 4 starter: describe the day in one line.',
      scripts: {
        start:
          'tsx --import @agent-course/cli/report-load-errors --import @agent-course/cli/run-on-own-days src/main.ts',
        typecheck: 'tsc -p .',
        test: 'vitest run',
      },
    });
    expect(lines).toContain('created labs/d4/src/placeholder.ts');
    expect(lines.slice(lines.indexOf('next:'))).toEqual([
      'next:',
      '  1. run `pnpm install`, which links the two new packages (solutions and labs)',
      "  2. commit the scaffold, so that `pnpm starter` may regenerate its lab (it keeps lab files git has not kept): `git add solutions/d4 labs/d4 grader/src/days/d4 pnpm-lock.yaml && git commit -m 'd4: scaffold'`",
      '  3. check the draft: `pnpm typecheck`, `pnpm grade d4` (0/1: the placeholder check fails until the day has its checks) and `pnpm course check d4` (listed as a draft)',
      '  4. write the solution in solutions/d4/src, mark each exercise with `// #region exercise N`, describe it in solutions/d4/day.ts, then `pnpm starter d4`',
      "  5. write each check as a judging part, grader/src/days/d4/judging/<id>.ts (export judge), and a driving part beside the lab, grader/src/days/d4/beside-lab/<id>.ts (export operations), list it by its id in judging/index.ts, beside-lab/index.ts and solutions/d4/day.ts, and remove the placeholder check's two files and its three entries",
      '  6. when `pnpm grade d4 --solution` scores full marks, set starterScore (what `pnpm grade d4` scores) and `draft: false` in solutions/d4/day.ts, then `pnpm starter d4` and `pnpm course check --release`',
    ]);
    const check = await syncStarter({ root, day: 'd4', check: true });
    expect(check.ok && check.plan.differences).toEqual([]);
    expect(check.ok && check.manifest.draft).toBe(true);
  });

  it("scaffolds the Chinese page with the English one's sections and code, its table in Chinese", async () => {
    const root = await kitRoot({});
    expect((await run(root, ['d4'])).code).toBe(0);
    for (const folder of ['solutions/d4', 'labs/d4']) {
      const read = (file: string) => readFile(path.join(root, folder, file), 'utf8');
      const [english, chinese] = [await read('README.md'), await read('README.zh-CN.md')];
      expect(
        comparePageStructure({ original: english, translated: chinese, names: ['en', 'zh-CN'] }),
      ).toEqual([]);
      expect(chinese).toContain('| 练习    | 文件                 | 任务');
      expect(chinese).toContain(
        "| TODO(1) | `src/placeholder.ts` | 占位：返回 'done'（换成这一天的第一个练习）",
      );
    }
    // The TODO comment stays in English.
    expect(await readFile(path.join(root, 'labs/d4/src/placeholder.ts'), 'utf8')).not.toContain(
      '占位',
    );
  });

  it('scaffolds words that a release refuses, in both pages and the Chinese task', async () => {
    const scaffolded = await kitRoot({});
    expect((await run(scaffolded, ['d4'])).code).toBe(0);
    // The same day released, in a root of its own: a manifest once imported stays cached by path.
    const files: Record<string, string> = {};
    for (const folder of ['solutions/d4', 'labs/d4']) {
      for (const file of await listPackageFiles(path.join(scaffolded, folder))) {
        const text = await readFile(path.join(scaffolded, folder, file), 'utf8');
        files[`${folder}/${file}`] = text.replace('draft: true', 'draft: false');
      }
    }
    const root = await kitRoot(files);
    const lines: string[] = [];
    await runCourseCommand({
      root,
      args: ['check', 'd4'],
      print: (line) => lines.push(line),
      runGrader: async ({ day, labDir }) => ({
        ok: true,
        value: { day, lab: labDir, score: 0, max: 1, checks: [] },
      }),
      typecheckPackage: async () => ({ ok: true }),
    });
    const placeholders = lines.filter((line) => line.includes("write the day's own words"));
    for (const file of ['solutions/d4/README.zh-CN.md', 'labs/d4/README.zh-CN.md']) {
      expect(placeholders).toContain(
        `    ${file} still says "这里写给学生的页面"; write the day's own words`,
      );
    }
    expect(placeholders).toContain(
      `    solutions/d4/day.ts still says "占位：返回"; write the day's own words`,
    );
  });

  it('scaffolds a placeholder check that fails honestly and says to write the checks', async () => {
    const root = await kitRoot({});
    expect((await run(root, ['d4'])).code).toBe(0);
    const check = (await import(path.join(root, 'grader/src/days/d4/judging/placeholder.ts'))) as {
      judge(context: { drive: () => Promise<unknown> }): Promise<{ passed: boolean; got?: string }>;
    };
    expect(await check.judge({ drive: async () => ({}) })).toEqual({
      passed: false,
      expected: 'the checks of d4',
      got: 'only the placeholder check (grader/src/days/d4/judging/placeholder.ts); the day is a draft',
    });
  });

  it('scaffolds a main.ts that exports its commandLine and runs it only as the entry point', async () => {
    const root = await kitRoot({});
    expect((await run(root, ['d4'])).code).toBe(0);
    // What `pnpm install` would link for the day's dependencies on the platform.
    for (const folder of ['solutions/d4', 'labs/d4']) {
      await mkdir(path.join(root, folder, 'node_modules/@agent-course'), { recursive: true });
      for (const name of ['cli', 'core', 'finished-d1']) {
        const link = path.join(root, folder, 'node_modules/@agent-course', name);
        await symlink(path.join(REPO_ROOT, 'packages', name), link, 'dir');
      }
    }
    const node = (folder: string, args: string[], env: Record<string, string> = {}) =>
      execa(process.execPath, ['--import', 'tsx', ...args], {
        cwd: path.join(root, folder),
        env: { NO_COLOR: '1', ...env },
        extendEnv: false,
        reject: false,
      });

    // Imported, as a check imports it, it runs nothing: no usage, no run, no complaint about a key.
    const imported = await node('labs/d4', [
      '--input-type=module',
      '--eval',
      "const { commandLine } = await import('./src/main.ts'); console.log(Object.keys(commandLine).join(' '))",
    ]);
    expect([imported.exitCode, imported.stdout, imported.stderr]).toEqual([
      0,
      'summary registry runAgent reader defaultMaxTurns scenario',
      '',
    ]);

    // Started, it is the kit's command line: its usage for --help and -h, the scripted model with MOCK=1.
    for (const flag of ['--help', '-h']) {
      const help = await node('labs/d4', ['src/main.ts', flag]);
      expect(help.exitCode, help.stderr).toBe(0);
      expect(help.stdout.split('\n').slice(0, 3)).toEqual([
        'Usage: pnpm start [question | -] [options]',
        '',
        'Day 4 is a draft: its agent asks the model once, then shows placeholder().',
      ]);
    }
    const offline = { MOCK: '1' };
    const started = await node('labs/d4', ['src/main.ts'], offline);
    expect([started.exitCode, started.stdout]).toEqual([
      0,
      '? Why are the tests in this repository red?\nDay 4 has no agent yet.\nplaceholder() says not yet',
    ]);
    const solved = await node('solutions/d4', ['src/main.ts'], offline);
    expect(solved.stdout.split('\n').at(-1)).toBe('placeholder() says done');
    const keyless = await node('labs/d4', ['src/main.ts']);
    expect(keyless.exitCode).toBe(2);
    expect(keyless.stderr).toContain('OPENAI_API_KEY');

    // Driven in this process, as the grader drives days 3 and 4.
    const { main } = await import('@agent-course/cli');
    const { commandLine } = (await import(path.join(root, 'labs/d4/src/main.ts'))) as {
      commandLine: Parameters<typeof main>[0]['day'];
    };
    let stdout = '';
    const code = await main({
      day: commandLine,
      args: ['what does placeholder say?'],
      io: { env: offline, stdout: (text) => (stdout += text), stderr: () => {} },
    });
    expect([code, stdout]).toEqual([
      0,
      '? what does placeholder say?\nDay 4 has no agent yet.\nplaceholder() says not yet\n',
    ]);
  });

  it('refuses to overwrite an existing day and writes nothing', async () => {
    const root = await createTempRoot({ 'grader/src/days/d4/index.ts': 'export {};\n' });
    expect(await run(root, ['d4'])).toEqual({
      code: 1,
      lines: [
        'pnpm new-day: grader/src/days/d4 already exists; new-day never overwrites a day — pick another day or remove it first',
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
