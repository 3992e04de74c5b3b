import { CONTROL_CHARACTERS } from '@agent-course/core';

/**
 * A relative path as the tools print it. A name may hold a line break, which would split one
 * path over two lines, a ':', which makes grep's "path:line:text" ambiguous, or a control
 * character; such a path is printed as a JSON string ("a:b.txt" in quotes, a line break as \n,
 * DEL as \u007f), and read_file accepts it so.
 */
export function displayPath(relativePath: string): string {
  if (!needsQuotes(relativePath)) return relativePath;
  // JSON writes the C0 controls as escapes but leaves DEL, the C1 controls and the
  // bidirectional overrides as they are: those are written as \u escapes JSON reads back.
  return JSON.stringify(relativePath).replace(
    CONTROL_CHARACTERS,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

function needsQuotes(relativePath: string): boolean {
  return (
    /[\t\n:\u2028\u2029]/.test(relativePath) ||
    relativePath.startsWith('"') ||
    relativePath.search(CONTROL_CHARACTERS) !== -1
  );
}
