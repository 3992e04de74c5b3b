/** The line glob and grep add when a walk stopped at its entry limit before seeing the whole tree. */
export function walkCutNote(entries: number): string {
  return `[the walk stopped after ${entries.toLocaleString('en-US')} entries, the most one call passes, so files beyond them were not seen; narrow the pattern to a folder (e.g. "src/**/*.ts") and call again]`;
}
