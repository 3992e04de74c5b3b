// Generated from solutions/d3/src/tools/read-file.ts (day 3's solution, finished) by
// `pnpm starter d3`. Do not edit it here: change the solution and run that again.
import type { ToolDef } from '@agent-course/core';
import {
  DEFAULT_READ_LINES,
  MAX_LINE_CHARS,
  MAX_READ_LINES,
  readWorkspaceFile,
} from '@agent-course/workspace';
import { z } from 'zod';

export const ReadFileParameters = z.strictObject({
  path: z
    .string()
    .min(1)
    .describe('File path relative to the working directory, e.g. "src/calc.js". Required.'),
  offset: z
    .number()
    .int()
    .positive()
    .optional()
    .describe('Line number to start at, counting from 1. Default 1.'),
  limit: z
    .number()
    .int()
    .positive()
    .max(MAX_READ_LINES)
    .optional()
    .describe(`Most lines to return. Default ${DEFAULT_READ_LINES}, at most ${MAX_READ_LINES}.`),
});
export type ReadFileParameters = z.infer<typeof ReadFileParameters>;

export const readFileTool: ToolDef<typeof ReadFileParameters> = {
  name: 'read_file',
  description: [
    'Read a text file. Returns a header "path (lines A-B of N)" and then each line as "number: text", so you can cite and revisit exact lines.',
    'Example: {"path": "src/calc.js", "offset": 120, "limit": 40} reads lines 120-159.',
    `Limits: ${DEFAULT_READ_LINES} lines from offset unless you set limit (up to ${MAX_READ_LINES}); lines over ${MAX_LINE_CHARS} characters are cut;`,
    'binary files are named, not shown. Find a file with glob or grep first; read a long file in slices with offset.',
  ].join(' '),
  parameters: ReadFileParameters,
  readOnly: true,
  async run({ path, offset, limit }, { cwd, signal }) {
    // The workspace package keeps the path inside cwd and reads only the lines asked for.
    const read = await readWorkspaceFile({ cwd, path, offset, limit, signal });
    return read.ok ? { ok: true, content: read.text } : { ok: false, content: read.error };
  },
};
