import { isAbsolute } from 'node:path';
import type { CompileError } from '@agent-course/course';
import type { Message } from 'esbuild';

/** Compile errors quoted when a lab does not compile; the first few say where to look. */
const SHOWN_ERRORS = 3;

/**
 * What esbuild's errors for a lab's build say, in words about the student's own files: the
 * `CompileError` the grade carries (the place to fix first, one line per distinct problem; esbuild
 * may report the same one twice) and the same problems as one text, for where a sentence is
 * needed. The compile error is undefined when no error names a line of the lab's (a build that
 * failed in the kit's files, say): then only the text says what went wrong.
 * `importedAs` names a module the way the lab's import wrote it, for a file esbuild names by path.
 */
export function describeCompileErrors({
  errors,
  importedAs = () => undefined,
}: {
  /** esbuild's errors, each `location.file` relative to the lab's folder. */
  errors: Message[];
  importedAs?: (path: string) => string | undefined;
}): { compileError?: CompileError; text: string } {
  const shown = errors.slice(0, SHOWN_ERRORS).map((error) => ({
    place: placeInLab(error),
    said: inPlainWords({ text: error.text, importedAs }),
  }));
  const more = errors.length > SHOWN_ERRORS ? [`and ${errors.length - SHOWN_ERRORS} more`] : [];
  // Only a problem on a line of the lab's is the student's to fix; the text says every one.
  const placed = shown.filter((error) => error.place !== undefined);
  const problems = [...new Set([...placed.map(({ place, said }) => `${place}: ${said}`), ...more])];
  const text = [
    ...new Set([...shown.map(({ place, said }) => (place ? `${place}: ${said}` : said)), ...more]),
  ].join('\n');
  const where = placed[0]?.place;
  return { ...(where ? { compileError: { where, problems } } : {}), text };
}

/** `src/file.ts:line` for an error on a line of the lab's own files, else undefined. */
function placeInLab(error: Message): string | undefined {
  const file = error.location?.file;
  if (!file || isAbsolute(file) || file.startsWith('..') || /[\s:]/.test(file)) return undefined;
  return `${file}:${error.location!.line}`;
}

/** esbuild's wording of a problem, said as what the student's file does. */
function inPlainWords({
  text,
  importedAs,
}: {
  text: string;
  importedAs: (path: string) => string | undefined;
}): string {
  const noExport = /^No matching export in "([^"]+)" for import "([^"]+)"$/.exec(text);
  if (noExport) {
    const [, module = '', name = ''] = noExport;
    return `imports ${name} from ${importedAs(module) ?? module}, which does not export it`;
  }
  const unresolved = /^Could not resolve "([^"]+)"$/.exec(text);
  if (unresolved) return `imports ${unresolved[1]}, which is not there`;
  return text;
}
