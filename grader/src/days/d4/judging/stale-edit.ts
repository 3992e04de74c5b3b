import { createEditWorkspace, describeResult, driveEdit, driveTool } from './edit-workspace';
import { createVariantCheck } from './create-variant-check';
import { LESSON_STALE_FILE, createStaleFileVariant } from './variants/stale-file-variant';

/** How far the check moves a file's modification time when it saves the same content again. */
const TOUCH_SECONDS = 90;

/**
 * Check 5: an edit writes only a file that still holds what read_file showed (writeIfUnchanged).
 * An edit of a file never read (another file was) is refused; a file changed after the read, by an
 * appended line or a letter swapped in place, is refused and the person's change survives; after a
 * fresh read and a save that changes nothing but the modification time, the same edit lands; an
 * edit straight after it needs no read; and a person's save made while an edit is under way (once
 * the edit has looked the file up) survives, which only a second comparison just before the
 * rename achieves. The lesson's file comes first, then a file and a change the seed picks.
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
    const edit = async (
      label: string,
      { from, to }: { from: string; to: string } = {
        from: variant.oldString,
        to: variant.newString,
      },
    ) => {
      const args = { path, old_string: from, new_string: to };
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

    // Edited back at once, with no read between: the ledger holds what the first edit wrote.
    const back = await edit('back again right after, without reading', {
      from: variant.newString,
      to: variant.oldString,
    });
    if (!back.ok || (await now()) !== variant.changed) {
      return {
        expected:
          'a second edit right after a successful one to succeed without another read: the model knows what it wrote',
        got: `ok: ${back.ok}, ${JSON.stringify(back.content.slice(0, 160))}`,
        ...(!back.ok && /read|changed/i.test(back.content) ? { mistake: 'not-kept' } : {}),
      };
    }

    // A person saves while the edit is being made: after the edit has read the file and looked
    // it up, before its rename. Only a second look, just before the rename, can see it.
    const saved = `${variant.changed}${SAVED_MEANWHILE}`;
    await drive('saveDuringNextEdit', { root, path, content: saved });
    transcript.push(
      `a person saves ${JSON.stringify(SAVED_MEANWHILE.trim())} while the next edit is being made (once edit_file has read the file and looked it up)`,
    );
    const raced = await edit('while the person saves');
    const afterRace = await now();
    if (afterRace !== saved || raced.ok) {
      const lookedUp = (await drive('savedYet', { root })) === true;
      return {
        expected:
          "an edit during which a person saved the file to be refused, and the person's save to survive",
        got: !lookedUp
          ? 'edit_file never looked the file up in the ledger during the edit'
          : afterRace === saved
            ? `ok: true, though the file was not written: ${JSON.stringify(raced.content.slice(0, 120))}`
            : 'the save was overwritten: nothing compared the file again just before the rename',
        ...(lookedUp && afterRace !== saved ? { mistake: 'no-second-look' } : {}),
      };
    }
    return undefined;
  },
});

/** What the person saves while an edit is being made. */
const SAVED_MEANWHILE = '// saved while the edit was being made\n';
