/**
 * A tool's name as a kind of mistake in day.ts's hints (`read_file` → `read-file`), so a check can
 * name the tool whose file needs the fix: `read-file-schema`, `glob-skips-boundary`.
 */
export function toolKey(toolName: string): string {
  return toolName.replaceAll('_', '-');
}
