import { lstat } from 'node:fs/promises';
import { unquotePath } from './boundary/unquote-path';
import { fingerprintBytes } from './file-fingerprint';
import type { FileFingerprint } from './file-fingerprint';
import { MAX_EDITABLE_BYTES } from './limits';
import type { ReadLedger } from './read-ledger';
import { writeFileAtomically } from './write-file-atomically';

/** A new file to create inside the workspace. */
export interface CreateFileOptions {
  /** Where the file goes: its real path, checked to be inside (resolveInsideWorkspace). */
  absolutePath: string;
  /** The workspace-relative path: the ledger's key and the name used in messages. */
  relativePath: string;
  /**
   * The path as the model wrote it. Resolving drops a trailing slash, so only this still shows
   * that `src/newdir/` names a folder: it is refused, not made into a file named `newdir`.
   */
  requestedPath: string;
  /** The working directory's real path: neither the file nor a folder made for it lands outside. */
  realRoot: string;
  /** The whole content, as text. */
  content: string;
  /** Records what was written, so the model may edit its new file without reading it first. */
  ledger: ReadLedger;
}

/** Why a create wrote nothing. */
export type CreateRefusal = 'too_large' | 'exists' | 'names_a_folder' | 'write_failed';

/** What a create wrote, or why it wrote nothing. */
export type CreateFileResult =
  | {
      ok: true;
      /** Lines written; a last line without a line break counts. */
      lines: number;
      /** Bytes written, as UTF-8. */
      bytes: number;
      /** The fingerprint of what was written, now in the ledger. */
      fingerprint: FileFingerprint;
    }
  | {
      ok: false;
      reason: CreateRefusal;
      /** One message for the model: what was wrong and what to do next. */
      error: string;
    };

/**
 * Creates a file that does not exist yet, with any folders it needs, atomically. A path that is
 * taken (a file, a folder, a link, even one that appears while the content is written) is never
 * replaced: changing an existing file is an edit, which needs a read first.
 */
export async function createFile({
  absolutePath,
  relativePath,
  requestedPath,
  realRoot,
  content,
  ledger,
}: CreateFileOptions): Promise<CreateFileResult> {
  const folderPath = refuseFolderPath({ requestedPath, relativePath });
  if (folderPath) return folderPath;
  const bytes = Buffer.from(content, 'utf8');
  if (bytes.length > MAX_EDITABLE_BYTES) {
    return {
      ok: false,
      reason: 'too_large',
      error: `the content is ${bytes.length} bytes, more than the ${MAX_EDITABLE_BYTES} a file may be created with; write a smaller file, or generate it with a command`,
    };
  }
  const taken = await lstat(absolutePath).then(
    (entry) => entry,
    () => undefined,
  );
  if (taken) {
    return refuseTaken({
      relativePath,
      isFolder: taken.isDirectory(),
      isEmptyFile: taken.isFile() && taken.size === 0,
    });
  }
  const written = await writeFileAtomically({
    filePath: absolutePath,
    realRoot,
    content: [bytes],
    createOnly: true,
  });
  if (!written.ok) {
    return written.reason === 'exists'
      ? refuseTaken({ relativePath, isFolder: false, isEmptyFile: false })
      : { ok: false, reason: 'write_failed', error: `${relativePath}: ${written.error}` };
  }
  const fingerprint = fingerprintBytes(bytes);
  ledger.record({ path: relativePath, fingerprint });
  const lines = content === '' ? 0 : content.split('\n').length - (content.endsWith('\n') ? 1 : 0);
  return { ok: true, lines, bytes: bytes.length, fingerprint };
}

/**
 * A path ending in `/` (or `/.`, `/..`) names a folder, whatever comes after resolving it: the
 * model meant a folder, and create_file makes files. The folder is made with the first file put
 * in it, so the answer says to name that file.
 */
function refuseFolderPath({
  requestedPath,
  relativePath,
}: {
  requestedPath: string;
  relativePath: string;
}): CreateFileResult | undefined {
  const ending = /\/\.{0,2}$/u.exec(unquotePath(requestedPath))?.[0];
  if (ending === undefined) return undefined;
  const folder = relativePath === '.' ? '' : `${relativePath}/`;
  return {
    ok: false,
    reason: 'names_a_folder',
    error: `${requestedPath} ends with ${ending}, so it names a folder, not a file, and nothing was written; give the path of a file to create in it, e.g. ${folder}new-file.txt (create_file makes the folders it needs)`,
  };
}

function refuseTaken({
  relativePath,
  isFolder,
  isEmptyFile,
}: {
  relativePath: string;
  isFolder: boolean;
  isEmptyFile: boolean;
}): CreateFileResult {
  const error = isFolder
    ? `${relativePath} is an existing folder, so nothing was written; give a path for the new file inside it, e.g. ${relativePath === '.' ? '' : `${relativePath}/`}new-file.txt`
    : isEmptyFile
      ? `${relativePath} already exists and is empty, so nothing was written; read it with read_file, then fill it with edit_file and an empty old_string`
      : `${relativePath} already exists, so nothing was written; read it with read_file and change it with edit_file`;
  return { ok: false, reason: 'exists', error };
}
