/**
 * A relative path as the tools print it. A name may hold a line break, which would split one
 * path over two lines, or a ':', which makes grep's "path:line:text" ambiguous; such a path is
 * printed as a JSON string ("a:b.txt" in quotes, a line break as \n), and read_file accepts it so.
 */
export function displayPath(relativePath: string): string {
  return needsQuotes(relativePath) ? JSON.stringify(relativePath) : relativePath;
}

function needsQuotes(relativePath: string): boolean {
  // eslint-disable-next-line no-control-regex
  return /[\u0000-\u001f\u007f:\u2028\u2029]/.test(relativePath) || relativePath.startsWith('"');
}
