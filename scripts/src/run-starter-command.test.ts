import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { execa } from 'execa';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTempRoot } from './create-temp-root';
import { testDayManifest } from './test-day-manifest';
import { TABLE_BEGIN, TABLE_END } from './exercise-table';
import { runStarterCommand } from './run-starter-command';

const files = {
  'solutions/d9/day.ts': testDayManifest({ id: 'd9', files: ['src/a.ts'] }),
  'solutions/d9/package.json':
    '{ "name": "s", "description": "Day 9 reference solution: test." }\n',
  'solutions/d9/src/a.ts': '// #region exercise 1\nexport const a = 1;\n// #endregion exercise 1\n',
};

async function run(root: string, args: string[]) {
  const lines: string[] = [];
  const code = await runStarterCommand({ root, args, print: (line) => lines.push(line) });
  return { code, lines };
}

describe('pnpm starter', () => {
  it('--check fails naming the drifted file, then passes after regenerating', async () => {
    const root = await createTempRoot(files);
    expect((await run(root, ['d9'])).code).toBe(0);
    await writeFile(
      path.join(root, 'solutions/d9/src/a.ts'),
      '// #region exercise 1\nexport const a = 2 - 1;\n// #endregion exercise 1\nexport const b = 2;\n',
    );
    const drifted = await run(root, ['d9', '--check']);
    expect(drifted.code).toBe(1);
    expect(drifted.lines).toEqual([
      'labs/d9/src/a.ts differs from what solutions/d9/src/a.ts generates',
      'labs/d9 is out of date (1 file(s)); run `pnpm starter d9`',
    ]);
    expect((await run(root, ['d9'])).lines.at(-1)).toBe(
      'labs/d9: 1 written, 0 removed, 2 unchanged (1 exercise region)',
    );
    expect(await run(root, ['d9', '--check'])).toEqual({
      code: 0,
      lines: ['labs/d9 matches its generated form (3 files)'],
    });
  });

  it('--check names a page whose figure is out of date; writing rewrites it, and a figure day.ts lacks fails', async () => {
    const page = (figure: string) =>
      `${TABLE_BEGIN}\n${TABLE_END}\n\nThe goal is <!-- figure ${figure} --><!-- /figure -->.\n`;
    const root = await createTempRoot({ ...files, 'solutions/d9/README.md': page('full-score') });
    expect((await run(root, ['d9'])).lines).toContain(
      'rewrote the generated tables and figures in solutions/d9/README.md',
    );
    expect(await readFile(path.join(root, 'solutions/d9/README.md'), 'utf8')).toContain(
      'The goal is <!-- figure full-score -->1/1<!-- /figure -->.',
    );
    await writeFile(path.join(root, 'labs/d9/README.md'), page('full-score'));
    expect(await run(root, ['d9', '--check'])).toEqual({
      code: 1,
      lines: [
        'labs/d9/README.md its exercise table or figures differ from day.ts; run `pnpm starter d9`',
        'labs/d9 is out of date (1 file(s)); run `pnpm starter d9`',
      ],
    });
    await writeFile(path.join(root, 'labs/d9/README.md'), page('fed-back'));
    const unknown = await run(root, ['d9']);
    expect(unknown.code).toBe(1);
    expect(unknown.lines[0]).toBe(
      'labs/d9/README.md quotes figure "fed-back", which solutions/d9/day.ts does not have; add it to figures there, or use one of: starter-score, full-score',
    );
  });

  it("says to run pnpm install when it rewrote the lab's package.json, whose lockfile entry is then stale", async () => {
    const root = await createTempRoot(files);
    expect((await run(root, ['d9'])).code).toBe(0);
    await writeFile(
      path.join(root, 'solutions/d9/package.json'),
      '{ "name": "s", "description": "Day 9 reference solution: test.", "dependencies": { "zod": "^4" } }\n',
    );
    const rewritten = await run(root, ['d9']);
    expect(rewritten.lines).toContain(
      'labs/d9/package.json changed: run `pnpm install`, so pnpm-lock.yaml lists what it declares (CI installs with a frozen lockfile)',
    );
    // Nothing of package.json changed: nothing to install.
    expect((await run(root, ['d9'])).lines.join('\n')).not.toContain('pnpm install');
  });

  it('refuses to overwrite or remove lab files with work git has not kept, unless --force', async () => {
    const root = await createTempRoot(files);
    expect((await run(root, ['d9'])).code).toBe(0);
    const git = (...args: string[]) => execa('git', args, { cwd: root });
    await git('init', '-q');
    await git('add', '-A');
    await git('-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'kit');
    // A student's TODO, and a scratch file of theirs, neither committed.
    const lab = path.join(root, 'labs/d9/src/a.ts');
    await writeFile(lab, 'export const a = 1; // my answer\n');
    await writeFile(path.join(root, 'labs/d9/src/notes.ts'), '// my notes\n');
    expect(await run(root, ['d9'])).toEqual({
      code: 1,
      lines: [
        'labs/d9/src/a.ts has work git has not kept, which regenerating would overwrite or remove',
        'labs/d9/src/notes.ts has work git has not kept, which regenerating would overwrite or remove',
        'pnpm starter: nothing was written; commit or stash that work first (git stash -u, which keeps new files too), or pass --force to overwrite it',
      ],
    });
    expect(await readFile(lab, 'utf8')).toBe('export const a = 1; // my answer\n');
    expect((await run(root, ['d9', '--force'])).code).toBe(0);
    expect(await readFile(lab, 'utf8')).not.toContain('my answer');
  });

  it('prints file:line for a broken marker and says nothing was written', async () => {
    const root = await createTempRoot({
      ...files,
      'solutions/d9/src/b.ts': '// #starter\n',
    });
    expect(await run(root, ['d9'])).toEqual({
      code: 1,
      lines: [
        'solutions/d9/src/b.ts:1: `// #starter` outside an exercise region; move it inside `#region` … `#endregion`',
        'pnpm starter: 1 marker problem(s); nothing was written',
      ],
    });
  });

  it('explains its usage when the day is missing', async () => {
    const { code, lines } = await run(await createTempRoot({}), ['--check']);
    expect(code).toBe(2);
    expect(lines[0]).toBe('pnpm starter: give exactly one day');
  });

  it('refuses a day that does not exist, lists the days that do, and writes nothing', async () => {
    const root = await createTempRoot(files);
    expect(await run(root, ['d8'])).toEqual({
      code: 2,
      lines: ['pnpm starter: there is no day d8 (no solutions/d8); the days are: d9'],
    });
    expect(existsSync(path.join(root, 'labs'))).toBe(false);
  });
});
