import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import { createUnifiedDiff } from './create-unified-diff';
import type { UnifiedDiff } from './create-unified-diff';
import { decodeUtf8Text } from './decode-utf8-text';
import { fingerprintBytes, sameFingerprint } from './file-fingerprint';
import type { FileFingerprint } from './file-fingerprint';
import { fingerprintFile } from './fingerprint-file';
import { MAX_EDITABLE_BYTES } from './limits';
import { planReplacement } from './plan-replacement';
import type { ReplacementRefusal } from './plan-replacement';
import type { ReadLedger } from './read-ledger';
import { readBoundedFile } from './read-bounded-file';
import { spliceBytes } from './splice-bytes';
import { writeFileAtomically } from './write-file-atomically';

/** One exact edit of a file inside the workspace. */
export interface EditFileOptions {
  /** Where the file is on disk, already checked to be inside the workspace. */
  absolutePath: string;
  /** The workspace-relative path: the ledger's key and the name used in messages and the diff. */
  relativePath: string;
  /** The working directory's real path: the write stays inside it, whatever links appear. */
  realRoot: string;
  /** The exact text to replace, in `\n` line endings. */
  oldString: string;
  /** The text to put in its place, in `\n` line endings. */
  newString: string;
  /** Replace every occurrence instead of requiring exactly one. */
  replaceAll?: boolean;
  /** What the model has read in this conversation; updated after a successful edit. */
  ledger: ReadLedger;
}

/** Why an edit changed nothing. */
export type EditRefusal =
  | ReplacementRefusal
  | 'missing'
  | 'not_a_file'
  | 'not_permitted'
  | 'read_only'
  | 'too_large'
  | 'binary'
  | 'not_utf8'
  | 'not_read'
  | 'changed_since_read'
  | 'write_failed';

/** What an edit did, or why it did nothing (the file is then byte for byte as it was). */
export type EditFileResult =
  | {
      ok: true;
      /** How many places were replaced. */
      replacements: number;
      /** The change as a short unified diff. */
      diff: UnifiedDiff;
      /** The fingerprint of the content written, now in the ledger. */
      fingerprint: FileFingerprint;
    }
  | {
      ok: false;
      /** The kind of refusal, for code that reacts to one kind. */
      reason: EditRefusal;
      /** One message for the model: what was wrong and what to do next. */
      error: string;
      /** For an ambiguous match, the lines it occurs on. */
      lines?: number[];
    };

/**
 * An exact replacement in a file the model has read and nobody has changed since. Every check
 * comes before the write, and the write is atomic, so a refusal or a failure leaves the file
 * exactly as it was. The untouched bytes are written back as they were read: line endings,
 * byte-order mark and tabs survive because they are never decoded into something else.
 */
export async function editFile({
  absolutePath,
  relativePath,
  realRoot,
  oldString,
  newString,
  replaceAll = false,
  ledger,
}: EditFileOptions): Promise<EditFileResult> {
  const read = await readBoundedFile({ filePath: absolutePath, maxBytes: MAX_EDITABLE_BYTES });
  if (!read.ok) {
    if (read.reason === 'missing') {
      return refuse(
        'missing',
        ledger.lookup(relativePath) === undefined
          ? `no file at ${relativePath}; to create a file, use the tool that creates files`
          : `${relativePath} was deleted or moved since you read it, so nothing was changed; use glob to find where it went, or create_file to make it again`,
      );
    }
    if (read.reason === 'not_a_file') {
      return refuse(
        'not_a_file',
        `${relativePath} is not a regular file; only text files can be edited`,
      );
    }
    if (read.reason === 'not_permitted') {
      return refuse(
        'not_permitted',
        `${relativePath} may not be read (permission denied), so it cannot be edited; leave it as it is or ask the user`,
      );
    }
    return refuse(
      'too_large',
      `${relativePath} is ${formatMegabytes(read.bytes)}, more than the ${formatMegabytes(MAX_EDITABLE_BYTES)} an edit may change, so nothing was changed; change it with a command (for example sed) instead`,
    );
  }
  const current = fingerprintBytes(read.bytes);
  const seen = ledger.lookup(relativePath);
  if (seen === undefined) {
    return refuse(
      'not_read',
      `${relativePath} has not been read in this conversation, so nothing was changed; read it with read_file first, then edit what it shows`,
    );
  }
  if (!sameFingerprint(seen, current)) {
    return refuse('changed_since_read', changedMessage(relativePath));
  }
  if (!(await isWritable(absolutePath))) {
    return refuse(
      'read_only',
      `${relativePath} is read-only (its permissions allow no writing), so nothing was changed; leave it as it is, or ask the user to make it writable`,
    );
  }
  const decoded = decodeUtf8Text(read.bytes);
  if (!decoded.ok) {
    return refuse(
      decoded.reason,
      decoded.reason === 'binary'
        ? `${relativePath} is a binary file; only text files can be edited`
        : `${relativePath} is not UTF-8 text; only UTF-8 files can be edited without changing bytes the edit does not touch`,
    );
  }
  const { text } = decoded;
  const plan = planReplacement({ text, oldString, newString, replaceAll });
  if (!plan.ok) return plan;

  const content = spliceBytes({ bytes: read.bytes, text, splices: plan.splices });
  // A small file can grow past the limit in one call (a long new_string, or replace_all).
  const newSize = content.reduce((sum, piece) => sum + piece.byteLength, 0);
  if (newSize > MAX_EDITABLE_BYTES) {
    return refuse(
      'too_large',
      `the edit would make ${relativePath} ${formatMegabytes(newSize)}, more than the ${formatMegabytes(MAX_EDITABLE_BYTES)} an edited file may hold, so nothing was changed; make a smaller change, or generate the file with a command`,
    );
  }
  const written = await writeFileAtomically({
    filePath: absolutePath,
    realRoot,
    content,
    // Someone may save the file while the new content is being written: look once more.
    beforeReplace: async (currentPath) => {
      const now = await fingerprintFile({ filePath: currentPath });
      return now.ok && sameFingerprint(now.fingerprint, current)
        ? undefined
        : changedMessage(relativePath);
    },
  });
  if (!written.ok) {
    return written.reason === 'refused'
      ? refuse('changed_since_read', written.error)
      : refuse('write_failed', `${relativePath}: ${written.error}`);
  }
  const fingerprint = fingerprintBytes(content);
  ledger.record({ path: relativePath, fingerprint });
  return {
    ok: true,
    replacements: plan.splices.length,
    diff: createUnifiedDiff({ path: relativePath, text, splices: plan.splices }),
    fingerprint,
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

function changedMessage(relativePath: string): string {
  return `${relativePath} has changed since you last read it (someone or something else wrote to it), so nothing was changed; read it again with read_file and make your edit on what it holds now`;
}

function refuse(reason: EditRefusal, error: string): EditFileResult {
  return { ok: false, reason, error };
}

function formatMegabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
