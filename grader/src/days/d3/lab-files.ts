/** The file of each read-only tool of a day-3 lab, by tool name, for messages. */
export const TOOL_FILES: Record<string, string> = {
  glob: 'src/tools/glob.ts',
  grep: 'src/tools/grep.ts',
  read_file: 'src/tools/read-file.ts',
};
