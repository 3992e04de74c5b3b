import { realpathSync, statSync } from 'node:fs';
import { isAbsolute, relative, resolve } from 'node:path';
import type { Plugin } from 'esbuild';

/**
 * A package of the kit that carries the finished code of the lab's own day or a later one
 * (`finishedPackagesFrom` in @agent-course/course): inside the kit's packages, but the lab's to
 * write, so the lab may not import it.
 */
export interface FinishedCode {
  /** The day whose finished code it is, e.g. `d3`. */
  day: string;
  /** Its folder relative to the kit, e.g. `packages/finished-d3`: what the message names. */
  directory: string;
  /** Its folder's real path (no links in it). */
  folder: string;
  /** Its package name, e.g. `@agent-course/finished-d3`, which a lab's import may name it by. */
  name?: string;
}

/**
 * Keeps a lab's build to the lab's own files and the kit's packages. The grader compiles as whoever
 * runs it, often root with the instructor's environment, so an import of any other file
 * (`import key from '/proc/self/environ' with { type: 'text' }`, `../../solutions/...`, a link in the
 * lab that leads out of it) would copy that file's text into code the lab could print. Such an
 * import fails the build with a message naming it, before the file is read. So does an import of
 * the kit's finished code of the lab's own day or a later one (`finished`: day 3's agent, in
 * `packages/finished-d3`, for a day-3 lab), by its path or its package name: a lab that re-exported it
 * would pass the checks with none of its own code.
 *
 * `folders` are real paths (no links in them): the lab's folder, and the kit's packages folder.
 */
export function labFilesOnlyPlugin({
  folders,
  finished = [],
}: {
  folders: string[];
  finished?: readonly FinishedCode[];
}): Plugin {
  const within = (folder: string, file: string) => {
    const path = relative(folder, file);
    return !path.startsWith('..') && !isAbsolute(path);
  };
  const inside = (file: string) => folders.some((folder) => within(folder, file));
  const finishedAt = (file: string) => finished.find((code) => within(code.folder, file));
  const finishedNamed = (specifier: string) =>
    finished.find((code) => code.name !== undefined && packageNameOf(specifier) === code.name);
  const refuse = (text: string) => ({ errors: [{ text }] });
  return {
    name: 'lab-files-only',
    setup(build) {
      // As written, so the message names the import the student wrote. Only an absolute path or
      // one through `..` can leave the folder of the file importing it (which onLoad keeps inside).
      build.onResolve({ filter: /^\/|(^|\/)\.\.(\/|$)/ }, (args) => {
        if (args.namespace !== 'file') return undefined;
        const target = resolve(args.resolveDir, args.path);
        const code = finishedAt(target);
        if (code) return refuse(finishedMessage(`"${args.path}"`, code));
        return inside(target) ? undefined : refuse(outsideMessage(`"${args.path}"`));
      });
      // A package by its name (`@agent-course/finished-d3`, `@agent-course/finished-d3/src/x`), before any
      // plugin resolves it to the grader's compiled copy.
      build.onResolve({ filter: /^[^./]/ }, (args) => {
        const code = args.namespace === 'file' ? finishedNamed(args.path) : undefined;
        return code ? refuse(finishedMessage(`"${args.path}"`, code)) : undefined;
      });
      // As found on disk: a link inside the lab, or a package path, that leads out of it.
      build.onLoad({ filter: /.*/ }, (args) => {
        if (args.namespace !== 'file') return undefined;
        let real: string;
        try {
          real = realpathSync(args.path);
        } catch {
          return undefined;
        }
        const code = finishedAt(real);
        if (code) return refuse(finishedMessage('a file through a link', code));
        if (!inside(real)) return refuse(outsideMessage('a file that leads out of it (a link?)'));
        // A pipe would be read forever; a device is no source file either.
        if (statSync(real, { throwIfNoEntry: false })?.isFile() === false) {
          return {
            errors: [
              { text: 'the lab imports a pipe or a device, not a file; remove it from the lab' },
            ],
          };
        }
        return undefined;
      });
    },
  };
}

/** The package an import names: `@agent-course/finished-d3` for `@agent-course/finished-d3/src/x`. */
function packageNameOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}

function finishedMessage(what: string, code: FinishedCode): string {
  return (
    `the lab imports ${what}, which is the kit's finished code of ${code.day} (${code.directory}): ` +
    `that code is the lab's to write, not to import; remove that import, and write it in the lab's own files`
  );
}

function outsideMessage(what: string): string {
  return (
    `the lab imports ${what}, which is outside the lab: a lab may import only its own files ` +
    `and the kit's packages; remove that import, or copy what it needs into the lab`
  );
}
