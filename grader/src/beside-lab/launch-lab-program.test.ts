import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileGrader } from '../compiled/compile-grader.mjs';
import { compiledPathOf } from '../compiled/compiled-path-of.mjs';
import { KIT_ROOT, LAB_PROGRAM_LAUNCHER } from './kit-paths';

let folder: string;
let launcher: string;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'launch-lab-program-'));
  const built = await compileGrader();
  if (!built.ok) throw new Error(built.error);
  const compiled = compiledPathOf({
    sourceRoot: KIT_ROOT,
    outDir: built.value.outDir,
    file: LAB_PROGRAM_LAUNCHER,
  });
  if (!compiled) throw new Error('the compiled grader has no launch-lab-program.js');
  launcher = compiled;
});

afterAll(() => rm(folder, { recursive: true, force: true }));

/** Writes a program and runs it through the launcher, as a real run does, stdin closed. */
async function launch(name: string, source: string, args: string[] = [], input = '') {
  const program = join(folder, `${name}.mjs`);
  await writeFile(program, source);
  return execa(process.execPath, [launcher, program, '', ...args], { input, reject: false });
}

describe('launch-lab-program', () => {
  it('runs the program as Node started with it: its path in argv[1], the arguments after it', async () => {
    const ran = await launch(
      'shows-itself',
      [
        "import { fileURLToPath } from 'node:url';",
        'console.log(JSON.stringify({',
        '  started: process.argv[1] === fileURLToPath(import.meta.url),',
        '  args: process.argv.slice(2),',
        '}));',
      ].join('\n'),
      ['--cwd', 'here'],
    );
    expect(ran.exitCode).toBe(0);
    expect(JSON.parse(ran.stdout)).toEqual({ started: true, args: ['--cwd', 'here'] });
  });

  it('leaves stdin to the program: what the run writes there, the program reads', async () => {
    const ran = await launch(
      'reads-stdin',
      "let text = '';\nfor await (const chunk of process.stdin) text += chunk;\nconsole.log(JSON.stringify(text));",
      ['-'],
      'a question\n',
    );
    expect([ran.exitCode, ran.stdout]).toEqual([0, JSON.stringify('a question\n')]);
  });

  it('names the source it is given on the next line in argv[1], as pnpm start names src/main.ts', async () => {
    const program = join(folder, 'compiled-main.mjs');
    const source = join(folder, 'main.ts');
    await writeFile(program, 'console.log(process.argv[1]);');
    const ran = await execa(process.execPath, [launcher, program, source], {
      input: '',
      reject: false,
    });
    expect([ran.exitCode, ran.stdout]).toEqual([0, source]);
  });

  it('ends as the program ends: its exit code, and only when what it left running is done', async () => {
    const exitCode = await launch('sets-exit-code', 'process.exitCode = 3;');
    expect(exitCode.exitCode).toBe(3);
    const late = await launch('leaves-a-timer', "setTimeout(() => console.log('late'), 200);");
    expect([late.exitCode, late.stdout]).toEqual([0, 'late']);
    const rejects = await launch('rejects', "Promise.reject(new Error('nobody caught me'));");
    expect(rejects.exitCode).toBe(1);
    expect(rejects.stderr).toContain('nobody caught me');
  });

  it('says where the program called process.exit, on stderr, and exits as it asked', async () => {
    const ran = await launch(
      'calls-exit',
      'function giveUp() {\n  process.exit(4);\n}\ngiveUp();\n',
    );
    expect(ran.exitCode).toBe(4);
    expect(ran.stderr).toMatch(
      /^the lab called process\.exit\(4\)\n\s+at giveUp \(.*calls-exit\.mjs:2:\d+\)/,
    );
  });

  it('runs nothing and ends at once when told no program (the lab did not compile)', async () => {
    const ran = await execa(process.execPath, [launcher], { input: '', reject: false });
    expect([ran.exitCode, ran.stdout, ran.stderr]).toEqual([0, '', '']);
  });
});
