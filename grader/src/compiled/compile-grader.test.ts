import {
  cp,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rm,
  symlink,
  utimes,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KIT_ROOT } from '../beside-lab/kit-paths';
import { SHARED_IMPORT_ENTRY, SHARED_IMPORTS_DIR } from './agent-course-plugin.mjs';
import { compileGrader, findGraderEntries, isTrustedFolder } from './compile-grader.mjs';
import { compiledPathOf } from './compiled-path-of.mjs';

/** A kit small enough to compile in a moment, laid out like this one, with zod and openai from this one. */
const TINY_KIT: Record<string, string> = {
  'grader/src/main.ts': [
    "import { where } from './beside-lab/kit-paths';",
    "export const greeting: string = 'hello';",
    'export const kitRoot = where;',
  ].join('\n'),
  'grader/src/beside-lab/kit-paths.ts':
    "export const where = new URL('../../../', import.meta.url).href;",
  'grader/src/beside-lab/drive-lab.ts':
    "import { z } from 'zod';\nexport const name = z.string().describe('a name');",
  'grader/src/beside-lab/launch-lab-program.ts': 'export const launched = true;',
  'grader/src/days/d9/judging/index.ts':
    "import * as firstCheck from './first-check';\nexport const judgingParts = { 'first-check': firstCheck };",
  'grader/src/days/d9/judging/first-check.ts': 'export const judge = () => 1;',
  'grader/src/days/d9/beside-lab/index.ts':
    "export const drivingParts = { 'first-check': { operations: {} } };",
  // A day whose lab this kit does not carry (a template of one day): not compiled.
  'grader/src/days/d8/judging/index.ts': "import '../../../../../labs/d8/src/missing';",
  'grader/src/days/d9/judging/first-check.test.ts': "import 'vitest';",
  'labs/d9/day.ts': 'export default { id: "d9" };',
  'packages/tools/package.json': JSON.stringify({
    exports: { '.': './src/index.ts', './testing': './src/testing.ts' },
  }),
  'packages/tools/src/index.ts': 'export const tool = 1;',
  'packages/tools/src/testing.ts': "import 'vitest';",
  'packages/core/package.json': JSON.stringify({ name: '@agent-course/core' }),
};

let kitRoot: string;

beforeAll(async () => {
  kitRoot = await mkdtemp(join(tmpdir(), 'compile-grader-test-'));
  for (const [file, text] of Object.entries(TINY_KIT)) {
    await mkdir(dirname(join(kitRoot, file)), { recursive: true });
    await writeFile(join(kitRoot, file), text);
  }
  // Found from packages/core (where the shared imports are resolved, as in the kit) and from grader/.
  await mkdir(join(kitRoot, 'node_modules'));
  for (const name of ['zod', 'openai']) {
    await symlink(
      join(KIT_ROOT, 'packages/core/node_modules', name),
      join(kitRoot, 'node_modules', name),
    );
  }
});

afterAll(() => rm(kitRoot, { recursive: true, force: true }));

/** Imports a compiled twin of a tiny-kit file. */
async function importCompiled(outDir: string, file: string): Promise<Record<string, unknown>> {
  const compiled = compiledPathOf({ sourceRoot: kitRoot, outDir, file: join(kitRoot, file) });
  if (!compiled) throw new Error(`${file} was not compiled`);
  return (await import(pathToFileURL(compiled).href)) as Record<string, unknown>;
}

describe('compileGrader', () => {
  it('finds every module loaded by a computed path, and no tests, test helpers or days without a lab', () => {
    expect(findGraderEntries(kitRoot)).toEqual([
      'grader/src/beside-lab/drive-lab.ts',
      'grader/src/beside-lab/launch-lab-program.ts',
      'grader/src/days/d9/beside-lab/index.ts',
      'grader/src/days/d9/judging/index.ts',
      'grader/src/main.ts',
      'labs/d9/day.ts',
      'packages/tools/src/index.ts',
    ]);
  });

  it('compiles each entry to its twin, keeping import.meta.url on the source file', async () => {
    const built = await compileGrader({ kitRoot });
    if (!built.ok) throw new Error(built.error);
    const main = await importCompiled(built.value.outDir, 'grader/src/main.ts');
    expect(main.greeting).toBe('hello');
    // The kit finds its folders from import.meta.url: the compiled copy must name the source.
    expect(main.kitRoot).toBe(pathToFileURL(`${kitRoot}/`).href);
    const { judgingParts } = (await importCompiled(
      built.value.outDir,
      'grader/src/days/d9/judging/index.ts',
    )) as { judgingParts: Record<string, { judge: unknown }> };
    expect(judgingParts['first-check']?.judge).toBeTypeOf('function');
  });

  it('reuses the build while nothing changed, and builds again when a source or an entry changes', async () => {
    const first = await compileGrader({ kitRoot });
    const again = await compileGrader({ kitRoot });
    if (!first.ok || !again.ok) throw new Error('the tiny kit did not compile');
    expect(again.value.outDir).toBe(first.value.outDir);

    // The same size, another time: a save that changed a character for another.
    const main = join(kitRoot, 'grader/src/main.ts');
    await writeFile(main, TINY_KIT['grader/src/main.ts']!.replace("'hello'", "'hallo'"));
    await utimes(main, new Date(), new Date(Date.now() + 5_000));
    const edited = await compileGrader({ kitRoot });
    if (!edited.ok) throw new Error(edited.error);
    expect(edited.value.outDir).not.toBe(first.value.outDir);
    expect((await importCompiled(edited.value.outDir, 'grader/src/main.ts')).greeting).toBe(
      'hallo',
    );

    // A new day is a new entry, found before the build is reused.
    await mkdir(join(kitRoot, 'labs/d8'));
    await writeFile(join(kitRoot, 'labs/d8/day.ts'), 'export default { id: "d8" };');
    await writeFile(
      join(kitRoot, 'grader/src/days/d8/judging/index.ts'),
      'export const run = () => 2;',
    );
    const added = await compileGrader({ kitRoot });
    if (!added.ok) throw new Error(added.error);
    expect(added.value.outDir).not.toBe(edited.value.outDir);
    const second = await importCompiled(added.value.outDir, 'grader/src/days/d8/judging/index.ts');
    expect((second.run as () => number)()).toBe(2);
  });

  it('compiles zod in once, as an entry a lab can share', async () => {
    const built = await compileGrader({ kitRoot });
    if (!built.ok) throw new Error(built.error);
    const { z } = (await import(
      pathToFileURL(join(built.value.outDir, 'npm/zod.js')).href
    )) as typeof import('zod');
    const { name } = (await importCompiled(
      built.value.outDir,
      'grader/src/beside-lab/drive-lab.ts',
    )) as {
      name: import('zod').ZodString;
    };
    // One registry: what drive-lab.ts described, the shared entry's zod can read.
    expect(z.toJSONSchema(name)).toMatchObject({ type: 'string', description: 'a name' });
  });

  it('says which kit file does not compile, by its place in the kit, and what to do', async () => {
    const broken = join(kitRoot, 'grader/src/days/d9/judging/first-check.ts');
    await writeFile(broken, 'export const run = (;');
    try {
      const built = await compileGrader({ kitRoot });
      expect(built.ok).toBe(false);
      if (built.ok) return;
      expect(built.error).toContain('grader/src/days/d9/judging/first-check.ts:1:');
      expect(built.error).toContain('the grader does not compile');
      expect(built.error).not.toContain(kitRoot);
    } finally {
      await writeFile(broken, TINY_KIT['grader/src/days/d9/judging/first-check.ts']!);
    }
  });

  it("says which of the kit's files is missing, and how to restore it, not to reinstall", async () => {
    const gone = join(kitRoot, 'packages/tools/src/index.ts');
    await rm(gone);
    try {
      const built = await compileGrader({ kitRoot });
      expect(built.ok).toBe(false);
      if (built.ok) return;
      expect(built.error).toBe(
        'the grader could not be compiled: the kit has no packages/tools/src/index.ts, which it is built from; run `git status` to see what is missing, and restore it with `git checkout -- packages/tools/src/index.ts`',
      );
    } finally {
      await writeFile(gone, TINY_KIT['packages/tools/src/index.ts']!);
    }
  });

  it('builds anew for a copy of the kit, whose files have the same sizes and times', async () => {
    const original = await compileGrader({ kitRoot });
    if (!original.ok) throw new Error(original.error);
    const copy = await mkdtemp(join(tmpdir(), 'compile-grader-copy-'));
    try {
      // A copy that keeps times, cache and all, as `cp -a` makes.
      await cp(kitRoot, copy, {
        recursive: true,
        preserveTimestamps: true,
        verbatimSymlinks: true,
      });
      const copied = await compileGrader({ kitRoot: copy });
      if (!copied.ok) throw new Error(copied.error);
      expect(copied.value.outDir.startsWith(copy)).toBe(true);
    } finally {
      await rm(copy, { recursive: true, force: true });
    }
  });
});

describe('compileGrader on this kit', () => {
  it('leaves the code that compiles the grader uncompiled, so the compiled grader compiles the same', async () => {
    // --watch compiles again from inside the compiled grader. A compiled copy of the plugin would
    // have had its own search text rewritten (import.meta.url), and built a broken grader.
    const built = await compileGrader();
    if (!built.ok) throw new Error(built.error);
    const files = (await readdir(built.value.outDir, { recursive: true })).filter((file) =>
      file.endsWith('.js'),
    );
    const texts = await Promise.all(
      files.map((file) => readFile(join(built.value.outDir, file), 'utf8')),
    );
    expect(texts.some((text) => text.includes(SHARED_IMPORT_ENTRY))).toBe(false);
    const pluginUrl = pathToFileURL(join(KIT_ROOT, 'grader/src/compiled/compile-grader.mjs')).href;
    expect(texts.some((text) => text.includes(pluginUrl))).toBe(true);
  });

  it("leaves zod's other languages out, keeping English, and says why when one is asked for", async () => {
    const built = await compileGrader();
    if (!built.ok) throw new Error(built.error);
    const file = join(built.value.outDir, SHARED_IMPORTS_DIR, 'zod.js');
    const { z } = (await import(pathToFileURL(file).href)) as typeof import('zod');
    expect(z.string().safeParse(1).error?.issues[0]?.message).toBe(
      'Invalid input: expected string, received number',
    );
    expect(typeof z.locales.en().localeError).toBe('function');
    expect(() => z.locales.fr()).toThrow(/"fr" messages are left out when grading.*pnpm start/);
    const texts = await Promise.all(
      (await readdir(built.value.outDir, { recursive: true }))
        .filter((name) => name.endsWith('.js'))
        .map((name) => readFile(join(built.value.outDir, name), 'utf8')),
    );
    expect(texts.some((text) => text.includes('Nieprawidłowe'))).toBe(false);
  });

  it('compiles in every npm package but esbuild, those written as .mjs too (openai is)', async () => {
    const built = await compileGrader();
    if (!built.ok) throw new Error(built.error);
    const files = (await readdir(built.value.outDir, { recursive: true })).filter((file) =>
      file.endsWith('.js'),
    );
    const imported = new Set<string>();
    for (const file of files) {
      const text = await readFile(join(built.value.outDir, file), 'utf8');
      for (const [, url] of text.matchAll(/from "(file:[^"]*\/node_modules\/[^"]*)"/g)) {
        imported.add(url!);
      }
    }
    expect([...imported].filter((url) => !url.includes('/node_modules/esbuild/'))).toEqual([]);
  });
});

describe('isTrustedFolder', () => {
  it("trusts a folder of this user's that no one else may write to, and no other", () => {
    expect(isTrustedFolder({ folder: { uid: 1000, mode: 0o40755 }, userId: 1000 })).toBe(true);
    // Made first by another user, who could plant a build in it.
    expect(isTrustedFolder({ folder: { uid: 65534, mode: 0o40755 }, userId: 1000 })).toBe(false);
    // This user's, but writable by the group or by everyone.
    expect(isTrustedFolder({ folder: { uid: 1000, mode: 0o40775 }, userId: 1000 })).toBe(false);
    expect(isTrustedFolder({ folder: { uid: 1000, mode: 0o41777 }, userId: 1000 })).toBe(false);
  });
});
