import type { FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { openInside } from '../boundary/open-inside';
import type { OpenedInside } from '../boundary/open-inside';
import { resolveInsideWorkspace } from '../boundary/resolve-inside-workspace';
import { fingerprintBytes } from '../file-fingerprint';
import type { FileFingerprint } from '../file-fingerprint';
import { DEFAULT_READ_LINES, MAX_EDITABLE_BYTES } from '../limits';
import { describeFileError } from '../wording/describe-file-error';
import { plural } from '../wording/plural';
import { writeOutControlCharacters } from '../wording/write-out-control-characters';
import { describeLineWindow } from './describe-line-window';
import { isBinaryFile } from './is-binary';
import { readLineWindow } from './read-line-window';

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
  /**
   * Also fingerprint the file, through the same open descriptor, for an edit tool to check later
   * that the file is still what the model saw (createReadLedger). Costs a read of the whole file,
   * so only files an edit may change (MAX_EDITABLE_BYTES) are fingerprinted.
   */
  fingerprint?: boolean;
}

/** What the model was shown of a file, for a read ledger to record. */
export interface FileRead {
  /** The path relative to the working directory, '/' separated: the ledger's key. */
  path: string;
  /** What the file held when it was read. */
  fingerprint: FileFingerprint;
}

/** What read_file answers; a read asked to fingerprint says what it read. */
export type FileReadAnswer =
  { ok: true; text: string; read?: FileRead } | { ok: false; error: string };

/**
 * A window of a text file's lines (describeLineWindow says how it reads). The file is opened once,
 * checked to be the file inside that the path resolved to, and read only through that descriptor,
 * at most MAX_READ_SCAN_BYTES of it. A directory, a binary or unreadable file, or an offset out of
 * reach gets a sentence saying what to do instead, never the machine's absolute path. A control
 * character in a line or a name is written out (writeOutControlCharacters), never sent as it is.
 */
export async function readWorkspaceFile(
  options: ReadWorkspaceFileOptions,
): Promise<FileReadAnswer> {
  const answer = await readFileAnswer(options);
  return answer.ok
    ? { ...answer, text: writeOutControlCharacters(answer.text) }
    : { ok: false, error: writeOutControlCharacters(answer.error) };
}

async function readFileAnswer({
  cwd,
  path: given,
  offset = 1,
  limit = DEFAULT_READ_LINES,
  signal,
  fingerprint = false,
}: ReadWorkspaceFileOptions): Promise<FileReadAnswer> {
  const resolved = await resolveInsideWorkspace({ cwd, path: given });
  if (!resolved.ok) return resolved;
  const { absolutePath, relativePath, realRoot } = resolved;
  const opened = await openInside({ realPath: absolutePath, realRoot });
  if (!opened.ok) return { ok: false, error: openFailure({ relativePath, reason: opened.reason }) };
  const { handle } = opened;
  try {
    const stats = await handle.stat();
    if (stats.isDirectory()) {
      return {
        ok: false,
        error: `${relativePath} is a directory, not a file; use glob to list it, e.g. {"pattern": "${relativePath === '.' ? '' : `${relativePath}/`}*"}`,
      };
    }
    if (!stats.isFile()) return { ok: false, error: notRegularFile(relativePath) };
    if (await isBinaryFile(handle)) {
      return {
        ok: true,
        text: `${relativePath} is a binary file (${plural({ count: stats.size, noun: 'byte' })}); read_file shows text files only`,
      };
    }
    // Taken before the lines are read: a change in between makes an edit refuse, never slip by.
    const read =
      fingerprint && stats.size <= MAX_EDITABLE_BYTES
        ? { path: relativePath, fingerprint: await fingerprintOpened(handle) }
        : undefined;
    const window = await readLineWindow({ file: handle, offset, limit, signal });
    const answer = describeLineWindow({ relativePath, fileBytes: stats.size, offset, window });
    return answer.ok && read ? { ...answer, read } : answer;
  } catch (error) {
    // A cancel is not an answer: the registry reports it. Anything else the system threw is one.
    if (signal?.aborted) throw error;
    return { ok: false, error: describeFileError({ error, path: relativePath, action: 'read' }) };
  } finally {
    await handle.close().catch(() => {});
  }
}

/** The fingerprint of an open file's bytes, read from its start to its end. */
async function fingerprintOpened(handle: FileHandle): Promise<FileFingerprint> {
  const chunks: Buffer[] = [];
  for (let position = 0; ;) {
    const chunk = Buffer.allocUnsafe(64 * 1024);
    const { bytesRead } = await handle.read(chunk, 0, chunk.length, position);
    if (bytesRead === 0 || position + bytesRead > MAX_EDITABLE_BYTES) break;
    chunks.push(chunk.subarray(0, bytesRead));
    position += bytesRead;
  }
  return fingerprintBytes(chunks);
}

/** The sentence for a file that could not be opened as the one the path resolved to. */
function openFailure({
  relativePath,
  reason,
}: {
  relativePath: string;
  reason: Extract<OpenedInside, { ok: false }>['reason'];
}): string {
  if (reason === 'missing') {
    return `no file at ${relativePath}; use glob to find it, e.g. {"pattern": "**/${path.posix.basename(relativePath)}"}`;
  }
  if (reason === 'not-a-file') return notRegularFile(relativePath);
  if (reason === 'not-permitted') {
    return `${relativePath} cannot be read: permission denied; read another file, or ask the user to make it readable`;
  }
  return `${relativePath} changed while it was being opened (moved, or replaced by a symbolic link); use glob to find it, then read it again`;
}

function notRegularFile(relativePath: string): string {
  return `${relativePath} is not a regular file (a device, socket or named pipe); read_file reads text files only`;
}
