import type { ToolDef } from '@agent-course/core';
import type { Stats } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_READ_LINES, MAX_LINE_CHARS, MAX_READ_LINES } from '../limits';
import { resolveInsideWorkspace } from '../resolve-inside-workspace';
import { isBinaryFile } from './is-binary';
import { plural } from './plural';
import { readLineWindow } from './read-line-window';
import type { WindowLine } from './read-line-window';

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
  async run({ path: given, offset = 1, limit = DEFAULT_READ_LINES }, { cwd, signal }) {
    const resolved = await resolveInsideWorkspace({ cwd, path: unquotePath(given) });
    if (!resolved.ok) return { ok: false, content: resolved.error };
    const { absolutePath, relativePath } = resolved;

    const stats = await statIfExists(absolutePath);
    if (stats === undefined) {
      return {
        ok: false,
        content: `no file at ${relativePath}; use glob to find it, e.g. {"pattern": "**/${path.posix.basename(relativePath)}"}`,
      };
    }
    if (stats.isDirectory()) {
      return {
        ok: false,
        content: `${relativePath} is a directory, not a file; use glob to list it, e.g. {"pattern": "${relativePath === '.' ? '' : `${relativePath}/`}*"}`,
      };
    }
    if (!stats.isFile()) {
      return {
        ok: false,
        content: `${relativePath} is not a regular file; read_file reads text files only`,
      };
    }
    // The system's own message would name the file's absolute path on this machine.
    const binary = await isBinaryFile(absolutePath).catch((error: unknown) => {
      if (isPermissionError(error)) return 'no permission' as const;
      throw error;
    });
    if (binary === 'no permission') {
      return {
        ok: false,
        content: `${relativePath} cannot be read: permission denied; read another file, or ask the user to make it readable`,
      };
    }
    if (binary) {
      return {
        ok: true,
        content: `${relativePath} is a binary file (${plural({ count: stats.size, noun: 'byte' })}); read_file shows text files only`,
      };
    }

    const { lines, totalLines } = await readLineWindow({
      filePath: absolutePath,
      offset,
      limit,
      signal,
    });
    if (totalLines === 0) return { ok: true, content: `${relativePath} is empty (0 lines)` };
    // No line in the window means the whole file was read to find the offset, so the count is known.
    if (lines.length === 0 && totalLines !== undefined) {
      return {
        ok: false,
        content: `${relativePath} has ${plural({ count: totalLines, noun: 'line' })}, so offset ${offset} is past the end; use an offset from 1 to ${totalLines}`,
      };
    }
    const lastShown = offset + lines.length - 1;
    if (totalLines === undefined) {
      return {
        ok: true,
        content: [
          `${relativePath} (lines ${offset}-${lastShown} of a ${formatSize(stats.size)} file, too large to count its lines)`,
          ...lines.map(formatLine),
          `[more lines follow; continue with offset ${lastShown + 1}]`,
        ].join('\n'),
      };
    }
    const output = [
      `${relativePath} (lines ${offset}-${lastShown} of ${totalLines})`,
      ...lines.map(formatLine),
    ];
    if (lastShown < totalLines) {
      output.push(
        `[${plural({ count: totalLines - lastShown, noun: 'more line' })}; continue with offset ${lastShown + 1}]`,
      );
    }
    return { ok: true, content: output.join('\n') };
  },
};

/** glob and grep print a name holding ':' or a line break as a JSON string (displayPath). */
function unquotePath(given: string): string {
  if (given.length < 2 || !given.startsWith('"') || !given.endsWith('"')) return given;
  try {
    const parsed: unknown = JSON.parse(given);
    return typeof parsed === 'string' ? parsed : given;
  } catch {
    return given;
  }
}

/** The file's stats, or undefined when nothing is there; other failures (permissions) throw. */
async function statIfExists(filePath: string): Promise<Stats | undefined> {
  try {
    return await stat(filePath);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    throw error;
  }
}

function isPermissionError(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'EACCES' || code === 'EPERM';
}

/** A large file's size the way a person would say it: "2.0 GB", "96 MB". */
function formatSize(bytes: number): string {
  const megabytes = bytes / (1024 * 1024);
  return megabytes >= 1024 ? `${(megabytes / 1024).toFixed(1)} GB` : `${Math.round(megabytes)} MB`;
}

function formatLine({ lineNumber, text, cutChars }: WindowLine): string {
  const marker =
    cutChars > 0 ? ` [… ${plural({ count: cutChars, noun: 'more character' })} cut]` : '';
  return `${lineNumber}: ${text}${marker}`;
}
