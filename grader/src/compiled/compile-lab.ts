import { createRequire } from 'node:module';
import { readFile, realpath } from 'node:fs/promises';
import { join } from 'node:path';
import { type CompileError, finishedPackagesFrom } from '@agent-course/course';
import type { BuildFailure, BuildOptions, Message, Metafile, Plugin } from 'esbuild';
import { agentCoursePlugin } from './agent-course-plugin.mjs';
import { describeCompileErrors } from './describe-compile-errors';
import { type FinishedCode, labFilesOnlyPlugin } from './lab-files-only-plugin';
import { type CompiledKit, markAsModules } from './compile-grader.mjs';

/** The lab's index, which every lab has (see stage-lab.ts) and the checks import first. */
export const LAB_INDEX = 'src/index.ts';

/** The kit's TypeScript settings, which every lab's and package's tsconfig.json extends. */
const KIT_COMPILER_SETTINGS = 'tsconfig.base.json';

/**
 * A part of the lab that did not compile: what went wrong, and, when esbuild named a line of the
 * lab's, the compile error the grade reports (see describeCompileErrors).
 */
export interface NotCompiled {
  ok: false;
  error: string;
  compileError?: CompileError;
}

/** A lab compiled for one grade, each part with its own outcome. */
export interface CompiledLab {
  /**
   * Every file of the lab's `src` that its index or command line reaches, each at its path inside
   * the folder, ending in `.js`: what the checks import. One build, so a module two files share is
   * loaded once.
   */
  modules: { ok: true; dir: string } | NotCompiled;
  /**
   * The lab's command line as one program, as `pnpm start` would run it: the real run's. `source`
   * is the file it was compiled from (the staged lab's `src/main.ts`), which its `import.meta.url`
   * names.
   */
  commandLine: { ok: true; file: string; source: string } | NotCompiled;
}

/**
 * Compiles a lab with esbuild before its checks run, so neither the check process nor the real run
 * of its command line needs a TypeScript loader. The lab's own files are compiled; the kit's
 * packages and npm packages are imported from where they are (see agentCoursePlugin), so the lab
 * and the checks share them. A lab that does not compile gets esbuild's errors as data (see
 * describeCompileErrors), which the report points at.
 */
export async function compileLab(options: CompileLabOptions): Promise<CompiledLab> {
  const parts = startCompilingLab(options);
  return { modules: await parts.modules, commandLine: await parts.commandLine };
}

/** What compileLab needs. */
interface CompileLabOptions {
  /** The (staged) lab. */
  labDir: string;
  /** The lab's day, e.g. `d3`: the kit's finished code of that day and later ones is not the lab's to import. */
  dayId: string;
  /** The lab's command line, relative to it, e.g. `src/main.ts`. */
  start: string;
  /** A new folder for the compiled files, inside the grade's own. */
  outDir: string;
  /** The compiled grader, whose packages the lab imports. */
  compiledKit: CompiledKit;
  /**
   * Earlier days the student switched to their own (`pnpm grade --mine`): each finished package's
   * name, and the (staged) lab that takes its place, which the build may then read as the lab's own.
   */
  ownDays?: readonly OwnDayLab[];
}

/** A student's own earlier day standing in for the kit's finished one. */
export interface OwnDayLab {
  /** The name later days import it by, e.g. `@agent-course/finished-d3`. */
  packageName: string;
  /** The day's (staged) lab folder, whose `src/index.ts` is imported instead. */
  directory: string;
}

/**
 * compileLab in two parts that settle on their own, so the real run of the command line can start
 * as soon as its program is built, while the modules are still compiling. Neither rejects: a part
 * that cannot be built is an `ok: false` with what went wrong.
 */
export function startCompilingLab(options: CompileLabOptions): {
  [Part in keyof CompiledLab]: Promise<CompiledLab[Part]>;
} {
  // A staged lab's compiled files sit in a temporary folder with no package.json above them.
  const started = Promise.all([markAsModules(options.outDir), prepareLabBuild(options)]).then(
    ([, prepared]) => prepared,
  );
  const failed = (error: unknown): NotCompiled => ({ ok: false, ...describeFailure(error) });
  const modulesDir = join(options.outDir, 'modules');
  const commandLineFile = join(options.outDir, 'command-line', 'main.js');
  const roots = [...new Set([LAB_INDEX, options.start])];
  // First which of the lab's files its index and command line reach (written nowhere), then those
  // files, each as an entry the checks can import: a scratch file nothing imports (a half-written
  // notes.ts) is not compiled, so it fails nothing, as under tsx.
  const modules = started
    .then(({ esbuild, common, filesOnly }) =>
      esbuild
        .build({
          ...common,
          // Only the lab's own files matter here: its packages are left alone, and nothing is
          // mapped, so the kit's plugin is not asked about each import a second time.
          plugins: [filesOnly],
          packages: 'external',
          sourcemap: false,
          entryPoints: roots,
          outdir: modulesDir,
          write: false,
          metafile: true,
        })
        .then((probe) =>
          esbuild.build({
            ...common,
            entryPoints: reachedSources(probe.metafile),
            outdir: modulesDir,
            outbase: options.labDir,
            entryNames: '[dir]/[name]',
            chunkNames: 'chunks/[name]-[hash]',
            splitting: true,
          }),
        ),
    )
    .then(() => ({ ok: true as const, dir: modulesDir }), failed);
  // Its own build, not the modules': there, a main.ts another file imports would be moved into a
  // shared chunk, and `isEntryPoint(import.meta.url)` would no longer see itself started.
  const commandLine = started
    .then(({ esbuild, common }) =>
      esbuild.build({ ...common, entryPoints: [options.start], outfile: commandLineFile }),
    )
    .then(
      () => ({
        ok: true as const,
        file: commandLineFile,
        source: join(options.labDir, options.start),
      }),
      failed,
    );
  return { modules, commandLine };
}

/** esbuild, the options a lab's builds share, and the plugin keeping them to the lab's files. */
export async function prepareLabBuild(
  options: Pick<CompileLabOptions, 'labDir' | 'dayId' | 'compiledKit' | 'ownDays'>,
) {
  const ownDays = options.ownDays ?? [];
  // Required rather than imported: esbuild is CommonJS, and an import has Node scan its whole
  // source for the names it exports first.
  const esbuild = createRequire(import.meta.url)('esbuild') as typeof import('esbuild');
  const filesOnly = labFilesOnlyPlugin({
    folders: [
      await realpath(options.labDir),
      await realpath(join(options.compiledKit.kitRoot, 'packages')),
      ...(await Promise.all(ownDays.map((own) => realpath(own.directory)))),
    ],
    finished: await findFinishedCode({
      kitRoot: options.compiledKit.kitRoot,
      dayId: options.dayId,
    }),
  });
  const common: BuildOptions = {
    absWorkingDir: options.labDir,
    // The kit's compiler settings, given outright, so esbuild looks for no tsconfig.json: it would
    // read the lab's as whoever grades (root, on an autograder), following its `extends` anywhere
    // (`/dev/zero` hangs the build; a file only root may read has its first word quoted in the
    // error). A lab's tsconfig only extends these, and its own settings are for its editor.
    tsconfigRaw: await readFile(join(options.compiledKit.kitRoot, KIT_COMPILER_SETTINGS), 'utf8'),
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'silent',
    plugins: [
      filesOnly,
      ...(ownDays.length > 0 ? [ownDaysPlugin(ownDays)] : []),
      agentCoursePlugin({ kind: 'lab', compiledKit: options.compiledKit }),
    ],
  };
  return { esbuild, common, filesOnly };
}

/** Resolves each switched day's finished package to the student's own lab of that day. */
function ownDaysPlugin(ownDays: readonly OwnDayLab[]): Plugin {
  const entries = new Map(ownDays.map((own) => [own.packageName, join(own.directory, LAB_INDEX)]));
  return {
    name: 'own-days',
    setup(build) {
      build.onResolve({ filter: /^@agent-course\// }, (args) => {
        const entry = entries.get(args.path);
        return entry ? { path: entry } : undefined;
      });
    },
  };
}

/**
 * The kit's packages that carry the finished code of day `dayId` or a later one, as found in this
 * kit (a kit copy without one, such as a day's student bundle, has nothing of it to import).
 */
async function findFinishedCode({
  kitRoot,
  dayId,
}: {
  kitRoot: string;
  dayId: string;
}): Promise<FinishedCode[]> {
  const found = await Promise.all(
    finishedPackagesFrom(dayId).map(async ({ day, directory }) => {
      const folder = await realpath(join(kitRoot, directory)).catch(() => undefined);
      if (!folder) return [];
      // The kit's own package.json, which says the name a lab's import would give it.
      const name = await readFile(join(folder, 'package.json'), 'utf8').then(
        (text) => (JSON.parse(text) as { name?: unknown }).name,
        () => undefined,
      );
      return [{ day, directory, folder, ...(typeof name === 'string' ? { name } : {}) }];
    }),
  );
  return found.flat();
}

/**
 * The lab's own source files a build reached, relative to the lab: the files the checks may import
 * (every file they import is reached from the index or the command line).
 */
function reachedSources(metafile: Metafile): string[] {
  return Object.keys(metafile.inputs)
    .filter((file) => file.startsWith('src/') && /\.[cm]?ts$/.test(file))
    .filter((file) => !file.split('/').includes('node_modules'))
    .sort();
}

/** Why a build failed: esbuild's errors in plain words, or the grader's own failure said as such. */
function describeFailure(error: unknown): Omit<NotCompiled, 'ok'> {
  const errors: Message[] = (error as Partial<BuildFailure>).errors ?? [];
  if (errors.length > 0) {
    const { compileError, text } = describeCompileErrors({ errors });
    return { error: text, ...(compileError ? { compileError } : {}) };
  }
  // Not the lab's fault (esbuild would not start, the folder could not be written): said as such.
  const reason = error instanceof Error ? error.message : String(error);
  return { error: `the grader could not compile the lab: ${reason}` };
}
