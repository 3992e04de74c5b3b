/** Where each part of a day-3 lab lives, for hints. */
export const LAB_FILES = {
  accumulator: 'src/tool-call-accumulator.ts',
  registry: 'src/tool-registry.ts',
  truncation: 'src/truncate-result.ts',
  runAgent: 'src/run-agent.ts',
  mockScript: 'scenario.ts',
} as const;

/** The file of each read-only tool, by tool name. */
export const TOOL_FILES: Record<string, string> = {
  glob: 'src/tools/glob.ts',
  grep: 'src/tools/grep.ts',
  read_file: 'src/tools/read-file.ts',
};
