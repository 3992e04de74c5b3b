// Generated from solutions/d4/src/edits/write-if-unchanged.ts (day 4's solution, finished) by
// `pnpm starter d4`. Do not edit it here: change the solution and run that again.
import { fingerprintFile, sameFingerprint, writeFileAtomically } from '@agent-course/workspace';
import type { FileToEdit, ReadLedger, SplicedEdit } from '@agent-course/workspace';

/**
 * Writes an edit only if the file still holds what the model read: the model chose its old_string
 * from what read_file showed it, so a file someone changed since (a person saving in an editor, a
 * formatter, a command the model ran) must be read again, not overwritten. Returns a message for
 * the model when it writes nothing.
 */
export async function writeIfUnchanged({
  ledger,
  place,
  file,
  edit,
}: {
  /** What this conversation has read: read_file records each file's fingerprint in it. */
  ledger: ReadLedger;
  /** The file, as resolveInsideWorkspace placed it inside the workspace. */
  place: { absolutePath: string; relativePath: string; realRoot: string };
  /** The file as the edit read it (readFileToEdit). */
  file: FileToEdit;
  /** The new content (spliceEdit). */
  edit: SplicedEdit;
}): Promise<{ ok: true } | { ok: false; error: string }> {
  const { relativePath } = place;
  const seen = ledger.lookup(relativePath);
  if (seen === undefined) {
    return {
      ok: false,
      error: `${relativePath} has not been read in this conversation, so nothing was changed; read it with read_file first, then edit what it shows`,
    };
  }
  const changed = `${relativePath} has changed since you last read it (someone or something else wrote to it), so nothing was changed; read it again with read_file and make your edit on what it holds now`;
  // First look: the content the edit was made on. A hash, not the modification time: a save that
  // changes nothing keeps it, and two writes within one timestamp tick cannot hide behind it.
  if (!sameFingerprint(seen, file.fingerprint)) return { ok: false, error: changed };
  const written = await writeFileAtomically({
    filePath: place.absolutePath,
    realRoot: place.realRoot,
    content: edit.content,
    // Second look, when the new content is on disk and only the rename is left: someone may have
    // saved the file while the edit was being made.
    beforeReplace: async (currentPath) => {
      const now = await fingerprintFile({ filePath: currentPath });
      return now.ok && sameFingerprint(now.fingerprint, seen) ? undefined : changed;
    },
  });
  if (!written.ok) {
    return {
      ok: false,
      error: written.reason === 'refused' ? written.error : `${relativePath}: ${written.error}`,
    };
  }
  // The model knows what it wrote: the next edit of this file needs no second read.
  ledger.record({ path: relativePath, fingerprint: edit.fingerprint });
  return { ok: true };
}
