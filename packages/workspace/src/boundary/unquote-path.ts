/**
 * A path as the model copied it from glob or grep. Those print a name holding ':' or a line
 * break, or starting with a quote, as a JSON string (displayPath), so such a string is read back
 * as the name it stands for; any other text is the path itself. Every tool that takes a path
 * accepts the quoted form: a name read_file can open, edit_file can change and create_file can
 * make, never a file whose name has the quotes in it.
 */
export function unquotePath(given: string): string {
  if (given.length < 2 || !given.startsWith('"') || !given.endsWith('"')) return given;
  try {
    const parsed: unknown = JSON.parse(given);
    return typeof parsed === 'string' ? parsed : given;
  } catch {
    return given;
  }
}
