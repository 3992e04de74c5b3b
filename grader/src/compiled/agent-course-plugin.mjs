// @ts-check
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { isBuiltin } from 'node:module';
import { dirname, join, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { compiledPathOf } from './compiled-path-of.mjs';

/** Marks a resolve the plugin asks esbuild for, so the plugin does not answer its own question. */
const OWN_RESOLVE = Symbol('agent-course-plugin');

/**
 * npm imports a lab makes that must reach the very copy the kit uses: zod keeps every
 * `.describe()` in a registry of its own, which the kit reads when it turns a lab's schema into the
 * JSON schema the model sees; day 1 asks `error instanceof APIError` of what the kit's openai threw,
 * which only its own classes answer. The grader's build compiles each into an entry of its own
 * (`npm/zod.js`, `npm/openai.js`, ...), and a lab's build imports it from there.
 */
export const SHARED_IMPORTS = [
  'zod',
  'zod/mini',
  'zod/v4',
  'zod/v4-mini',
  'zod/v4/mini',
  'zod/v4/core',
  'openai',
  'openai/error',
];

/** Where the shared imports' entries are, inside a build of the grader. */
export const SHARED_IMPORTS_DIR = 'npm';

/** The prefix of the entry points that stand for a shared import, e.g. `shared-import:zod`. */
export const SHARED_IMPORT_ENTRY = 'shared-import:';

/**
 * What in a compiled lab file stands for its source (see below): each `import.meta` property that
 * names the file, the name it becomes, and its value for a source file.
 *
 * @type {{ expression: string, name: string, valueFor: (file: string) => string }[]}
 */
const SOURCE_NAMES = [
  {
    expression: 'import.meta.url',
    name: '__agentCourseSourceUrl',
    valueFor: (file) => pathToFileURL(file).href,
  },
  { expression: 'import.meta.filename', name: '__agentCourseSourceFile', valueFor: (file) => file },
  { expression: 'import.meta.dirname', name: '__agentCourseSourceDir', valueFor: dirname },
];

/** npm packages never compiled in: esbuild runs its own native program, and only in the grader. */
const NEVER_BUNDLED = new Set(['esbuild']);

/**
 * How the kit's code and a lab's are compiled.
 *
 * For the grader (`kind: 'kit'`) everything is compiled in, npm packages too, because Node loads one
 * compiled file much faster than the hundreds that make up zod and openai.
 *
 * For a lab (`kind: 'lab'`), only the lab's own files are: the kit's packages (`@agent-course/*`) and
 * the shared npm packages are imported from the compiled grader, so the lab and the checks grading
 * it share one copy of each; any other npm package is imported from where pnpm installed it.
 *
 * In both, `import.meta.url` keeps naming each file's source (see below).
 *
 * @param {{ kind: 'kit', packagesFrom: string } | { kind: 'lab', compiledKit: { kitRoot: string, outDir: string } }} options
 *   `packagesFrom`: a folder whose node_modules hold the shared imports' packages.
 * @returns {import('esbuild').Plugin}
 */
export function agentCoursePlugin(options) {
  return {
    name: 'agent-course',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, async (args) => {
        if (args.pluginData === OWN_RESOLVE) return undefined;
        if (isBuiltin(args.path)) return { path: args.path, external: true };
        const resolve = (/** @type {string} */ path, /** @type {string} */ resolveDir) =>
          build.resolve(path, { kind: args.kind, resolveDir, pluginData: OWN_RESOLVE });
        if (options.kind === 'kit' && args.path.startsWith(SHARED_IMPORT_ENTRY)) {
          const specifier = args.path.slice(SHARED_IMPORT_ENTRY.length);
          const resolved = await resolve(specifier, options.packagesFrom);
          return resolved.errors.length > 0 ? { errors: resolved.errors } : { path: resolved.path };
        }
        const packageName = nameOf(args.path);
        if (options.kind === 'kit' && !NEVER_BUNDLED.has(packageName)) return undefined;
        const resolved = await resolve(args.path, args.resolveDir);
        if (resolved.errors.length > 0) return { errors: resolved.errors };
        if (options.kind === 'lab') {
          const fromKit = kitCopyOf({
            compiledKit: options.compiledKit,
            specifier: args.path,
            resolved: resolved.path,
          });
          if (fromKit) return { path: pathToFileURL(fromKit).href, external: true };
          // A package file the grader did not compile (not one of its entries): compile it in.
          if (packageName.startsWith('@agent-course/')) return { path: resolved.path };
        }
        return { path: pathToFileURL(resolved.path).href, external: true };
      });
      // A file's `import.meta.url` names its source, as it does under tsx, not the compiled copy
      // in the build's folder: the kit finds its folders from it, and a lab may find a file next
      // to its own (`new URL('./prompt.md', import.meta.url)`, or `import.meta.dirname` on Node
      // 20.11 and later) or check it was started (`isEntryPoint(import.meta.url)`). A staged lab's
      // source is a full copy of the lab. Only the kit's and the lab's own files: no npm package
      // compiled in finds its files this way.
      //
      // In a lab, esbuild puts a name in place of each expression wherever the code uses it (never
      // in a string or a comment, where a student may well write it), and each file that mentions
      // one gets the names, holding its own source's, at the start of its first line, so every line
      // keeps its number. The kit's build compiles npm packages in, which a build-wide name would
      // reach, so there the text of `import.meta.url` (the only one the kit uses) is replaced in
      // the kit's own files.
      if (options.kind === 'lab') {
        build.initialOptions.define = {
          ...build.initialOptions.define,
          ...Object.fromEntries(SOURCE_NAMES.map(({ expression, name }) => [expression, name])),
        };
      }
      build.onLoad({ filter: /\.[cm]?[jt]s$/ }, async (args) => {
        if (args.namespace !== 'file' || isInsideNodeModules(args.path)) return undefined;
        const source = await readFile(args.path, 'utf8');
        const loader = /\.[cm]?ts$/.test(args.path) ? 'ts' : 'js';
        if (options.kind === 'kit') {
          if (!source.includes('import.meta.url')) return undefined;
          const url = JSON.stringify(pathToFileURL(args.path).href);
          return { contents: source.replaceAll('import.meta.url', url), loader };
        }
        const named = SOURCE_NAMES.filter(({ expression }) => source.includes(expression));
        if (named.length === 0) return undefined;
        const names = named
          .map(({ name, valueFor }) => `const ${name} = ${JSON.stringify(valueFor(args.path))};`)
          .join(' ');
        return { contents: `${names} ${source}`, loader };
      });
      if (options.kind !== 'kit') return;
      // The grader's plain JavaScript modules (this one among them) are what compiles the grader:
      // the compiled grader imports them from their sources rather than a compiled copy, which the
      // kit's rewriting above would break (it would rewrite the very text it looks for), so a grade
      // that compiles again (--watch after a change) builds exactly what the command does.
      // Only the kit's own: npm packages written as .mjs (openai is) are compiled in like any other.
      build.onResolve({ filter: /\.mjs$/ }, (args) =>
        args.path.startsWith('.') && !isInsideNodeModules(args.importer)
          ? { path: pathToFileURL(join(args.resolveDir, args.path)).href, external: true }
          : undefined,
      );
    },
  };
}

/**
 * The compiled grader's copy of what a lab imports, if it has one: a kit package's export, or one
 * of the shared npm imports.
 *
 * @param {{ compiledKit: { kitRoot: string, outDir: string }, specifier: string, resolved: string }} options
 */
function kitCopyOf({ compiledKit, specifier, resolved }) {
  if (SHARED_IMPORTS.includes(specifier)) {
    const file = join(compiledKit.outDir, SHARED_IMPORTS_DIR, `${specifier}.js`);
    return existsSync(file) ? file : undefined;
  }
  if (!specifier.startsWith('@agent-course/')) return undefined;
  return compiledPathOf({
    sourceRoot: compiledKit.kitRoot,
    outDir: compiledKit.outDir,
    file: resolved,
  });
}

/**
 * An import's package name: `zod` for `zod/v4`, `@agent-course/cli` for `@agent-course/sandbox/scenarios/d3`.
 *
 * @param {string} specifier
 */
function nameOf(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}

/**
 * Whether a file is an installed package's rather than the kit's own.
 *
 * @param {string} file
 */
function isInsideNodeModules(file) {
  return file.includes(`${sep}node_modules${sep}`);
}
