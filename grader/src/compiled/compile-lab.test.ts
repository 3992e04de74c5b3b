import { appendFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stageLab, type StagedLab } from '../lab-files/stage-lab';
import { createLabFolder, makeLab } from '../test-helpers';
import { compileGrader, type CompiledKit } from './compile-grader.mjs';
import { compileLab } from './compile-lab';
import { compiledPathOf } from './compiled-path-of.mjs';
import { findKitImportError } from './find-kit-import-error';
import { LAB_PROGRAM_LAUNCHER } from '../beside-lab/kit-paths';

let folder: Awaited<ReturnType<typeof createLabFolder>>;
let staged: StagedLab;
let compiledKit: CompiledKit;

beforeAll(async () => {
  folder = await createLabFolder();
  const copy = await makeLab({ into: join(folder.root, 'lab') });
  // Probes the test reads: what a lab file gets when it imports zod and a kit package. The index
  // imports it, since only what the index or the command line reaches is compiled.
  await writeFile(
    join(copy, 'src', 'probe.ts'),
    "export * as zod from 'zod';\nexport * as cli from '@agent-course/cli';\n",
  );
  await appendFile(join(copy, 'src', 'index.ts'), "export * as probe from './probe';\n");
  const result = await stageLab({
    labDir: copy,
    label: 'lab',
    dayId: 'd3',
    kitLabDir: 'labs/d3',
    kitSolutionDir: 'solutions/d3',
  });
  if (!result.ok) throw new Error(result.error);
  staged = result.value;
  const built = await compileGrader();
  if (!built.ok) throw new Error(built.error);
  compiledKit = built.value;
});

afterAll(async () => {
  await staged.cleanup();
  await folder.remove();
});

/** Compiles the staged lab into a new folder of the test's. */
async function compile(name: string) {
  const outDir = join(folder.root, name);
  await mkdir(outDir);
  return compileLab({
    labDir: staged.directory,
    dayId: 'd3',
    start: 'src/main.ts',
    outDir,
    compiledKit,
  });
}

describe('compileLab', () => {
  it("shares zod and the kit's packages with the compiled grader, one copy of each", async () => {
    const lab = await compile('shared');
    if (!lab.modules.ok) throw new Error(lab.modules.error);
    const probeFile = compiledPathOf({
      sourceRoot: staged.directory,
      outDir: lab.modules.dir,
      file: join(staged.directory, 'src', 'probe.ts'),
    });
    const probe = (await import(pathToFileURL(probeFile!).href)) as Record<string, unknown>;
    const kitZod = await import(pathToFileURL(join(compiledKit.outDir, 'npm', 'zod.js')).href);
    const kitCli = await import(
      pathToFileURL(join(compiledKit.outDir, 'packages', 'cli', 'src', 'index.js')).href
    );
    expect(probe.zod).toBe(kitZod);
    expect(probe.cli).toBe(kitCli);
  });

  it('compiles the command line into one program that runs as `pnpm start` would', async () => {
    const lab = await compile('command-line');
    if (!lab.commandLine.ok) throw new Error(lab.commandLine.error);
    expect(lab.commandLine.source).toBe(join(staged.directory, 'src', 'main.ts'));
    // Started as a grade starts it: the launcher, given the program and its source.
    const launcher = compiledPathOf({
      sourceRoot: compiledKit.kitRoot,
      outDir: compiledKit.outDir,
      file: LAB_PROGRAM_LAUNCHER,
    });
    if (!launcher) throw new Error('the compiled grader has no launch-lab-program.js');
    const ran = await execa(
      process.execPath,
      [launcher, lab.commandLine.file, lab.commandLine.source, '--help'],
      {
        input: '',
        reject: false,
      },
    );
    expect(ran.exitCode).toBe(0);
    // It saw itself started (isEntryPoint: its import.meta.url names its source, as argv[1] does)
    // and printed the command line's usage.
    expect(ran.stdout).toContain('--cwd');
  });

  it('leaves out a scratch file nothing imports, as tsx would never load it', async () => {
    await writeFile(join(staged.directory, 'src', 'notes.ts'), 'export const notes = [1, 2;\n');
    const lab = await compile('scratch');
    expect(lab.modules.ok).toBe(true);
    expect(lab.commandLine.ok).toBe(true);
  });

  it('points at the file and line that do not compile, in words about the lab', async () => {
    const file = join(staged.directory, 'src', 'truncate-result.ts');
    const source = await readFile(file, 'utf8');
    await appendFile(file, 'export const broken = [1, 2;\n');
    try {
      const lab = await compile('broken');
      expect(lab.modules.ok).toBe(false);
      if (lab.modules.ok) return;
      const where = `src/truncate-result.ts:${source.split('\n').length}`;
      expect(lab.modules.compileError).toEqual({
        where,
        problems: [`${where}: Expected "]" but found ";"`],
      });
      expect(lab.modules.error).toBe(`${where}: Expected "]" but found ";"`);
    } finally {
      await writeFile(file, source);
    }
  });
});

describe('findKitImportError', () => {
  const find = () =>
    findKitImportError({
      labDir: staged.directory,
      dayId: 'd3',
      start: 'src/main.ts',
      compiledKit,
    });

  it("places an import of what a kit package does not export at the lab's line, naming the package as imported", async () => {
    const index = join(staged.directory, 'src', 'index.ts');
    const source = await readFile(index, 'utf8');
    await mkdir(join(staged.directory, 'src', 'tools'), { recursive: true });
    await writeFile(
      join(staged.directory, 'src', 'tools', 'x.ts'),
      "// tools\nimport {\n  toModelTool,\n  toModelToolsNope,\n} from '@agent-course/core';\nexport const x = [toModelTool, toModelToolsNope];\n",
    );
    await appendFile(index, "export { x } from './tools/x';\n");
    try {
      // The lab's own build leaves the kit to Node, so it compiles.
      expect((await compile('kit-import')).modules.ok).toBe(true);
      expect(await find()).toEqual({
        where: 'src/tools/x.ts:4',
        problems: [
          'src/tools/x.ts:4: imports toModelToolsNope from @agent-course/core, which does not export it',
        ],
      });
    } finally {
      await writeFile(index, source);
    }
  });

  it('finds nothing in a lab whose kit imports are all there', async () => {
    expect(await find()).toBeUndefined();
  });
});
