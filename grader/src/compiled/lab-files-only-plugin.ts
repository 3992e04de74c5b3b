import { realpathSync, statSync } from 'node:fs';
import { isAbsolute, relative, resolve } from 'node:path';
import type { Plugin } from 'esbuild';

/**
 * Keeps a lab's build to the lab's own files and the kit's packages. The grader compiles as whoever
 * runs it, often root with the instructor's environment, so an import of any other file
 * (`import key from '/proc/self/environ' with { type: 'text' }`, `../../solutions/...`, a link in the
 * lab that leads out of it) would copy that file's text into code the lab could print. Such an
 * import fails the build with a message naming it, before the file is read.
 *
 * `folders` are real paths (no links in them): the lab's folder, and the kit's packages folder.
 */
export function labFilesOnlyPlugin({ folders }: { folders: string[] }): Plugin {
  const inside = (file: string) =>
    folders.some((folder) => {
      const path = relative(folder, file);
      return !path.startsWith('..') && !isAbsolute(path);
    });
  return {
    name: 'lab-files-only',
    setup(build) {
      // As written, so the message names the import the student wrote. Only an absolute path or
      // one through `..` can leave the folder of the file importing it (which onLoad keeps inside).
      build.onResolve({ filter: /^\/|(^|\/)\.\.(\/|$)/ }, (args) => {
        if (args.namespace !== 'file' || inside(resolve(args.resolveDir, args.path))) {
          return undefined;
        }
        return { errors: [{ text: outsideMessage(`"${args.path}"`) }] };
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
        if (!inside(real)) {
          return { errors: [{ text: outsideMessage('a file that leads out of it (a link?)') }] };
        }
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

function outsideMessage(what: string): string {
  return (
    `the lab imports ${what}, which is outside the lab: a lab may import only its own files ` +
    `and the kit's packages; remove that import, or copy what it needs into the lab`
  );
}
