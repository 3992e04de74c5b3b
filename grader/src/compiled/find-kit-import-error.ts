import { relative } from 'node:path';
import type { CompileError } from '@agent-course/course';
import type { BuildFailure, Plugin } from 'esbuild';
import type { CompiledKit } from './compile-grader.mjs';
import { LAB_INDEX, type OwnDayLab, prepareLabBuild } from './compile-lab';
import { describeCompileErrors } from './describe-compile-errors';

/** The kit's packages, which a lab imports by name. */
const KIT_PACKAGE = /^@agent-course\//;

/**
 * The lab's import of a name a kit package does not export, as a compile error at the lab's line.
 * The lab's build leaves the kit's packages to Node (see agentCoursePlugin), which finds such an
 * import only when the lab loads, and names the grader's compiled copy, not the lab's line. So
 * when a lab's import has failed, and only then, the lab is built once more with the kit's sources
 * compiled in, written nowhere, for esbuild to place the import. Undefined when it finds none.
 */
export async function findKitImportError(options: {
  /** The (staged) lab. */
  labDir: string;
  /** The lab's day, whose finished code stays out of the lab's reach (see labFilesOnlyPlugin). */
  dayId: string;
  /** The lab's command line, relative to it, e.g. `src/main.ts`. */
  start: string;
  /** The compiled grader, whose kit sources are compiled in. */
  compiledKit: CompiledKit;
  /** Earlier days of the student's that the lab runs on (see compileLab). */
  ownDays?: readonly OwnDayLab[];
}): Promise<CompileError | undefined> {
  const { esbuild, common, filesOnly } = await prepareLabBuild(options);
  /** Each kit package's entry as esbuild names it (relative to the lab), with the name imported. */
  const imported = new Map<string, string>();
  const kitSources: Plugin = {
    name: 'kit-sources',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, async (args) => {
        if (!KIT_PACKAGE.test(args.path)) return { path: args.path, external: true };
        if (args.pluginData === kitSources) return undefined;
        const resolved = await build.resolve(args.path, {
          kind: args.kind,
          resolveDir: args.resolveDir,
          pluginData: kitSources,
        });
        if (resolved.errors.length === 0) {
          imported.set(relative(options.labDir, resolved.path), args.path);
        }
        return resolved.errors.length > 0 ? { errors: resolved.errors } : { path: resolved.path };
      });
    },
  };
  try {
    await esbuild.build({
      ...common,
      entryPoints: [...new Set([LAB_INDEX, options.start])],
      plugins: [filesOnly, kitSources],
      sourcemap: false,
      write: false,
      outdir: 'kit-import-check',
    });
    return undefined;
  } catch (error) {
    const errors = (error as Partial<BuildFailure>).errors ?? [];
    return describeCompileErrors({ errors, importedAs: (path) => imported.get(path) }).compileError;
  }
}
