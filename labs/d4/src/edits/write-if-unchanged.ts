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
  // TODO(2): writeIfUnchanged: write the edit only if the file still holds what the model read
  //   Look up what read_file recorded for the path: nothing means never read; a fingerprint that
  //   differs from the one the edit was made on (file.fingerprint) means changed since. Refuse both
  //   with what to do next. Then write with writeFileAtomically and compare once more in
  //   beforeReplace, just before the rename (fingerprintFile of the path it gives). Compare content
  //   (sameFingerprint), never modification times. After the write, record edit.fingerprint, so the
  //   next edit needs no second read.
  // No comparison yet: whatever the file holds now is overwritten.
  const written = await writeFileAtomically({
    filePath: place.absolutePath,
    realRoot: place.realRoot,
    content: edit.content,
  });
  return written.ok ? { ok: true } : { ok: false, error: `${relativePath}: ${written.error}` };
}
