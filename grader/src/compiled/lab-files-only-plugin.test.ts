import { appendFile, mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KIT_ROOT } from '../beside-lab/kit-paths';
import { stageLab } from '../lab-files/stage-lab';
import { createLabFolder, makeLab } from '../test-helpers';
import { compileGrader, type CompiledKit } from './compile-grader.mjs';
import { compileLab } from './compile-lab';

let folder: Awaited<ReturnType<typeof createLabFolder>>;
let compiledKit: CompiledKit;
/** A file outside every lab, as a secret of the machine's would be. */
let secret: string;

beforeAll(async () => {
  folder = await createLabFolder();
  secret = join(folder.root, 'secret.txt');
  await writeFile(secret, 'THE-SECRET-TEXT\n');
  const built = await compileGrader();
  if (!built.ok) throw new Error(built.error);
  compiledKit = built.value;
});
afterAll(() => folder.remove());

/** A copy of the solution whose index and main import `src/leak.ts`, staged and compiled. */
async function compileLeakyLab(
  name: string,
  leak: string,
  prepare?: (lab: string) => Promise<void>,
  afterStaging?: (staged: string) => Promise<void>,
) {
  const copy = await makeLab({ into: join(folder.root, name) });
  await writeFile(join(copy, 'src', 'leak.ts'), leak);
  // Reached from both, so both the modules and the command line are built with it.
  await appendFile(join(copy, 'src', 'index.ts'), "import './leak';\n");
  await appendFile(join(copy, 'src', 'main.ts'), "import './leak';\n");
  await prepare?.(copy);
  const staged = await stageLab({
    labDir: copy,
    label: name,
    dayId: 'd3',
    kitLabDir: 'labs/d3',
    kitSolutionDir: 'solutions/d3',
  });
  if (!staged.ok) throw new Error(staged.error);
  await afterStaging?.(staged.value.directory);
  try {
    const outDir = join(folder.root, `${name}-out`);
    await mkdir(outDir);
    return await compileLab({
      labDir: staged.value.directory,
      dayId: 'd3',
      start: 'src/main.ts',
      outDir,
      compiledKit,
    });
  } finally {
    await staged.value.cleanup();
  }
}

describe("a lab's build reads only the lab's files and the kit's packages", () => {
  it.each([
    [
      'an absolute path',
      () => `import text from '${secret}' with { type: 'text' };\nconsole.log(text);\n`,
    ],
    [
      'a relative path out of the lab',
      () =>
        `import text from '${'../'.repeat(16)}${secret.slice(1)}' with { type: 'text' };\nconsole.log(text);\n`,
    ],
    [
      "the kit's solutions",
      () =>
        `import text from '${join(KIT_ROOT, 'solutions/d3/src/truncate-result.ts')}' with { type: 'text' };\nconsole.log(text);\n`,
    ],
    [
      "the machine's environment",
      () => "import text from '/proc/self/environ' with { type: 'text' };\nconsole.log(text);\n",
    ],
  ])('refuses an import of %s, naming it, without its text', async (_, leak) => {
    const lab = await compileLeakyLab(`leak-${Math.random().toString(36).slice(2)}`, leak());
    for (const part of [lab.modules, lab.commandLine]) {
      expect(part.ok).toBe(false);
      if (part.ok) continue;
      expect(part.error).toContain('src/leak.ts:1');
      expect(part.error).toContain('which is outside the lab');
      expect(part.error).not.toContain('THE-SECRET-TEXT');
    }
  });

  it('refuses a pipe, which would be read forever', async () => {
    const lab = await compileLeakyLab('imports-a-pipe', "import './pipe';\n", undefined, (staged) =>
      execa('mkfifo', [join(staged, 'src', 'pipe.ts')]).then(() => undefined),
    );
    expect(lab.modules.ok).toBe(false);
    if (lab.modules.ok) return;
    expect(lab.modules.error).toContain('the lab imports a pipe or a device, not a file');
  });

  // Staging refuses a lab with such a link (stage-lab.test.ts); one made after it, as a process of
  // the lab's might, is refused by the compile.
  it('refuses a link in the lab that leads out of it', async () => {
    const lab = await compileLeakyLab(
      'leak-through-link',
      "import text from './notes.txt';\nconsole.log(text);\n",
      undefined,
      (staged) => symlink(secret, join(staged, 'src', 'notes.txt')),
    );
    expect(lab.modules.ok).toBe(false);
    if (lab.modules.ok) return;
    expect(lab.modules.error).toContain('outside the lab');
    expect(lab.modules.error).not.toContain('THE-SECRET-TEXT');
  });

  it("refuses the kit's finished code of the lab's day, by its path or through a link", async () => {
    const finished = join(KIT_ROOT, 'packages', 'finished-d3', 'src');
    for (const [name, leak] of [
      [
        'finished-by-path',
        `export { truncateResult } from '${join(finished, 'truncate-result.ts')}';\n`,
      ],
      ['finished-by-name', "export { truncateResult } from '@agent-course/finished-d3';\n"],
      ['finished-through-link', "export { truncateResult } from './finished/truncate-result';\n"],
    ] as const) {
      const lab = await compileLeakyLab(name, leak, undefined, (staged) =>
        symlink(finished, join(staged, 'src', 'finished')),
      );
      for (const part of [lab.modules, lab.commandLine]) {
        expect(part.ok).toBe(false);
        if (part.ok) continue;
        expect(part.error).toContain(
          "which is the kit's finished code of d3 (packages/finished-d3)",
        );
      }
    }
  });
});
