import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import { decodeUtf8Text } from './decode-utf8-text';
import { fingerprintBytes } from './file-fingerprint';
import type { FileFingerprint } from './file-fingerprint';
import { MAX_EDITABLE_BYTES } from './limits';
import { normaliseLineEndings } from './normalise-line-endings';
import type { ReadLedger } from './read-ledger';
import { readBoundedFile } from './read-bounded-file';
import { describeFileError } from './wording/describe-file-error';

/** A file an edit may change, as it was read for the edit. */
export interface FileToEdit {
  ok: true;
  /**
   * Its text with every `\r\n` as `\n`, the way the model wrote old_string (read_file shows lines,
   * not their endings); a byte-order mark stays at the start. Positions in it are what spliceEdit takes.
   */
  text: string;
  /** The fingerprint of the bytes read: what to compare with what read_file recorded. */
  fingerprint: FileFingerprint;
  /** What spliceEdit writes from: the bytes read, their text with its own endings, and the way back to it. */
  original: { bytes: Buffer; text: string; toOriginalIndex: (index: number) => number };
}

/**
 * Reads a file for an edit: a regular, writable UTF-8 text file of at most MAX_EDITABLE_BYTES, or
 * a message for the model saying why not and what to do instead. The ledger only chooses the
 * words for a file that is not there (never there, or deleted since it was read); whether the
 * file is still what was read is the edit's own question, asked after this.
 */
export async function readFileToEdit({
  absolutePath,
  relativePath,
  ledger,
}: {
  /** Where the file is on disk, already checked to be inside the workspace. */
  absolutePath: string;
  /** The workspace-relative path, used in messages. */
  relativePath: string;
  /** What this conversation has read. */
  ledger: ReadLedger;
}): Promise<FileToEdit | { ok: false; error: string }> {
  const refuse = (error: string) => ({ ok: false as const, error });
  const read = await readBoundedFile({ filePath: absolutePath, maxBytes: MAX_EDITABLE_BYTES });
  if (!read.ok) {
    if (read.reason === 'missing') {
      return refuse(
        ledger.lookup(relativePath) !== undefined
          ? `${relativePath} was deleted or moved since you read it, so nothing was changed; use glob to find where it went, or create_file to make it again`
          : `no file at ${relativePath}; to create a file, use the tool that creates files`,
      );
    }
    if (read.reason === 'folder') {
      return refuse(
        `${relativePath} is a folder, so it cannot be edited; use glob to list the files in it`,
      );
    }
    if (read.reason === 'not_a_file') {
      return refuse(
        `${relativePath} is not a regular file (a device, socket or named pipe); only text files can be edited`,
      );
    }
    if (read.reason === 'failed') {
      return refuse(describeFileError({ error: read.error, path: relativePath, action: 'read' }));
    }
    if (read.reason === 'not_permitted') {
      return refuse(
        `${relativePath} may not be read (permission denied), so it cannot be edited; leave it as it is or ask the user`,
      );
    }
    return refuse(
      `${relativePath} is ${formatMegabytes(read.bytes)}, more than the ${formatMegabytes(MAX_EDITABLE_BYTES)} an edit may change, so nothing was changed; change it with a command (for example sed) instead`,
    );
  }
  if (!(await isWritable(absolutePath))) {
    return refuse(
      `${relativePath} is read-only (its permissions allow no writing), so nothing was changed; leave it as it is, or ask the user to make it writable`,
    );
  }
  const decoded = decodeUtf8Text(read.bytes);
  if (!decoded.ok) {
    return refuse(
      decoded.reason === 'binary'
        ? `${relativePath} is a binary file; only text files can be edited`
        : `${relativePath} is not UTF-8 text; only UTF-8 files can be edited without changing bytes the edit does not touch`,
    );
  }
  const normalised = normaliseLineEndings(decoded.text);
  return {
    ok: true,
    text: normalised.text,
    fingerprint: fingerprintBytes(read.bytes),
    original: {
      bytes: read.bytes,
      text: decoded.text,
      toOriginalIndex: normalised.toOriginalIndex,
    },
  };
}

/**
 * Whether the file may be written. The atomic rename needs only its folder to be writable, so a
 * file someone made read-only would be replaced all the same; its permission bits are asked
 * instead. No write bit at all counts as read-only even for root, who may write anything.
 */
async function isWritable(filePath: string): Promise<boolean> {
  try {
    if (((await stat(filePath)).mode & 0o222) === 0) return false;
    await access(filePath, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/** "1.5 MB", for messages about the size limit. */
export function formatMegabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
