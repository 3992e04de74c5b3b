import { createEditWorkspace, describeResult, driveEdit, driveTool } from './edit-workspace';
import { createVariantCheck } from './create-variant-check';
import { LESSON_STALE_FILE, createStaleFileVariant } from './variants/stale-file-variant';

/** How far the check moves a file's modification time when it saves the same content again. */
const TOUCH_SECONDS = 90;

/**
 * Check 5: the lab's read_file records what it read and its edit_file compares before writing. An
 * edit of a file never read (another file was) is refused; a file changed after the read, by an
 * appended line or a letter swapped in place, is refused and the person's change survives; after a
 * fresh read and a save that changes nothing but the modification time, the same edit lands. The
 * lesson's file comes first, then a file and a change the seed picks. Uses the lab's own
 * read_file, so an unrecorded read fails.
 */
export const judge = createVariantCheck({
  salt: 'stale-edit',
  lesson: LESSON_STALE_FILE,
  createVariant: createStaleFileVariant,
  async judge({ drive, variant, prepare, transcript, throws }) {
    const { path } = variant;
    const workspace = await createEditWorkspace({
      prepare,
      files: { [path]: variant.source, [variant.otherPath]: '# Notes\n' },
    });
    const { root } = workspace;
    await drive('open', { root });
    const read = async (file: string) => {
      const input = { root, path: file };
      const result = await driveTool({
        drive,
        operation: 'read',
        input,
        tool: 'read_file',
        throws,
      });
      transcript.push(`read_file ${file} → ${describeResult(result)}`);
    };
    const edit = async (label: string) => {
      const args = { path, old_string: variant.oldString, new_string: variant.newString };
      const result = await driveEdit({ drive, root, args, throws });
      transcript.push(`edit_file ${label} → ${describeResult(result)}`);
      return result;
    };
    const now = async () => (await workspace.bytes(path)).toString('utf8');
    const edited = variant.changed.replace(variant.oldString, variant.newString);

    await read(variant.otherPath);
    const unread = await edit(`before ${path} was read (only ${variant.otherPath} was)`);
    if (unread.ok || (await now()) !== variant.source) {
      return {
        expected: 'an edit of a file never read to be refused, saying to read it first',
        got: 'the file was changed without being read',
        mistake: 'overwritten',
      };
    }

    for (let time = 0; time < variant.readsBefore; time++) await read(path);
    await workspace.write(path, variant.changed);
    transcript.push(variant.change);
    const stale = await edit('after the file changed');
    const afterStale = await now();
    if (afterStale !== variant.changed) {
      const sameSize = variant.changed.length === variant.source.length;
      return {
        expected:
          "an edit of a file changed since read_file to be refused, and the person's change to survive",
        got:
          afterStale === edited
            ? `the edit was written over the changed file${sameSize ? ' (the change kept the size: compare content, not size)' : ''}`
            : "the person's change was lost",
        mistake: 'overwritten',
      };
    }
    if (stale.ok || !/read/i.test(stale.content)) {
      return {
        expected: '{ ok: false } telling the model to read the file again',
        got: `ok: ${stale.ok}, ${JSON.stringify(stale.content.slice(0, 160))}`,
        // A refusal with no word about reading comes from an edit_file that does not edit yet (the
        // starter's "not written yet"): TODO(1) comes before the ledger of TODO(2).
        ...(!stale.ok ? { mistake: 'edit-not-working' } : {}),
      };
    }

    await read(path);
    // Saved again unchanged: the time moves, the content does not, so nothing is stale.
    await workspace.touch(path, new Date(Date.now() + TOUCH_SECONDS * 1000));
    transcript.push(
      `the file is saved again unchanged (its modification time moves ${TOUCH_SECONDS} s)`,
    );
    const fresh = await edit('after reading it again');
    if (!fresh.ok || (await now()) !== edited) {
      return {
        expected:
          "the edit to succeed right after read_file, even though the file was saved again unchanged, keeping the person's change",
        got: `ok: ${fresh.ok}, ${JSON.stringify(fresh.content.slice(0, 160))}`,
        ...(/not been read|read it with read_file first/i.test(fresh.content)
          ? { mistake: 'not-recorded' }
          : /changed|modified|stale/i.test(fresh.content)
            ? { mistake: 'false-alarm' }
            : {}),
      };
    }
    return undefined;
  },
});
