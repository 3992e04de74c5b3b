import { isAbsolute, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findOwnFrame } from '@agent-course/core';

/** How many of a compile failure's problems are shown: the first is the one to fix first. */
const MAX_PROBLEMS_SHOWN = 3;

/**
 * What to tell a student whose day would not load, in place of Node's stack: a file tsx cannot
 * compile (`src/x.ts:24:22: Unexpected ";"`), an import of a name no file exports, or a throw while
 * the files load, each with the student's file and line relative to the day's folder (`root`) and
 * what to do next.
 */
export function describeLoadError({ error, root }: { error: unknown; root: string }): string {
  const message = error instanceof Error ? error.message : String(error);
  const problems = [...message.matchAll(/^(.+?):(\d+):(\d+): ERROR: (.+)$/gm)];
  if (problems.length > 0) {
    const lines = problems
      .slice(0, MAX_PROBLEMS_SHOWN)
      .map(
        ([, file = '', line, column, text]) =>
          `  ${relativeToDay(file, root)}:${line}:${column}: ${text}`,
      );
    const more = problems.length - lines.length;
    return [
      'Could not start: the code does not compile.',
      ...lines,
      ...(more > 0 ? [`  (and ${more} more)`] : []),
      'Fix the first of these lines, then run it again.',
    ].join('\n');
  }
  const at = importedAt(error, root) ?? findOwnFrame({ error, root });
  const name = error instanceof Error ? error.name : 'Error';
  return (
    `Could not start: ${name}: ${message}${at ? ` (at ${at})` : ''}\n` +
    `${at ? `Look at ${at}` : 'Look at the file it names'}; set DEBUG=1 to print the stack.`
  );
}

/**
 * Where an import Node could not link was written: for such an error (a name the imported file
 * does not export) Node puts the importing file and line at the head of the stack, not in a frame.
 */
function importedAt(error: unknown, root: string): string | undefined {
  if (!(error instanceof SyntaxError)) return undefined;
  const head = /^((?:file:\/\/)?\/.+):(\d+)$/m.exec((error.stack ?? '').split('\n')[0] ?? '');
  if (!head) return undefined;
  const [, place = '', line] = head;
  return `${relativeToDay(place, root)}:${line}`;
}

/** A path as the student sees it: relative to the day's folder, with forward slashes. */
function relativeToDay(place: string, root: string): string {
  const file = place.startsWith('file://') ? fileURLToPath(place) : place;
  const own = relative(root, file);
  return isAbsolute(own) ? file : own.split(sep).join('/');
}
