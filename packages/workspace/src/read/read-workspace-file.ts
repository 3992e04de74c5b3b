import type { Stats } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { resolveInsideWorkspace } from '../boundary/resolve-inside-workspace';
import { DEFAULT_READ_LINES, MAX_LINE_CHARS } from '../limits';
import { plural } from '../wording/plural';
import type { WorkspaceAnswer } from '../workspace-answer';
import { isBinaryFile } from './is-binary';
import { readLineWindow } from './read-line-window';
import type { WindowLine } from './read-line-window';

/** A read_file call: which file, from which line, how many lines. */
export interface ReadWorkspaceFileOptions {
  /** The working directory; nothing outside it is read. */
  cwd: string;
  /** The file, relative to cwd (or absolute inside it); a JSON-quoted name as glob prints it is accepted. */
  path: string;
  /** The first line shown, counting from 1. Default 1. */
  offset?: number;
  /** The most lines shown; DEFAULT_READ_LINES when absent. */
  limit?: number;
  /** Stops the read when aborted. */
  signal?: AbortSignal;
}

/**
 * A window of a text file's lines, each as "number: text" under a header "path (lines A-B of N)",
 * with a note saying how to go on. A directory, a binary or unreadable file, or an offset past the
 * end gets a sentence saying what to do instead.
 */
export async function readWorkspaceFile({
  cwd,
  path: given,
  offset = 1,
  limit = DEFAULT_READ_LINES,
  signal,
}: ReadWorkspaceFileOptions): Promise<WorkspaceAnswer> {
  const resolved = await resolveInsideWorkspace({ cwd, path: unquotePath(given) });
  if (!resolved.ok) return { ok: false, error: resolved.error };
  const { absolutePath, relativePath } = resolved;

  const stats = await statIfExists(absolutePath);
  if (stats === undefined) {
    return {
      ok: false,
      error: `no file at ${relativePath}; use glob to find it, e.g. {"pattern": "**/${path.posix.basename(relativePath)}"}`,
    };
  }
  if (stats.isDirectory()) {
    return {
      ok: false,
      error: `${relativePath} is a directory, not a file; use glob to list it, e.g. {"pattern": "${relativePath === '.' ? '' : `${relativePath}/`}*"}`,
    };
  }
  if (!stats.isFile()) {
    return {
      ok: false,
      error: `${relativePath} is not a regular file; read_file reads text files only`,
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
      error: `${relativePath} cannot be read: permission denied; read another file, or ask the user to make it readable`,
    };
  }
  if (binary) {
    return {
      ok: true,
      text: `${relativePath} is a binary file (${plural({ count: stats.size, noun: 'byte' })}); read_file shows text files only`,
    };
  }

  const { lines, totalLines } = await readLineWindow({
    filePath: absolutePath,
    offset,
    limit,
    signal,
  });
  if (totalLines === 0) return { ok: true, text: `${relativePath} is empty (0 lines)` };
  // No line in the window means the whole file was read to find the offset, so the count is known.
  if (lines.length === 0 && totalLines !== undefined) {
    return {
      ok: false,
      error: `${relativePath} has ${plural({ count: totalLines, noun: 'line' })}, so offset ${offset} is past the end; use an offset from 1 to ${totalLines}`,
    };
  }
  const lastShown = offset + lines.length - 1;
  if (totalLines === undefined) {
    return {
      ok: true,
      text: [
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
  return { ok: true, text: output.join('\n') };
}

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
