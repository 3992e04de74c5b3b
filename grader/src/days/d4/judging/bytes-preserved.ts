import { createEditWorkspace, describeResult, driveEdit } from './edit-workspace';
import { createVariantCheck } from './create-variant-check';
import {
  BOM,
  LESSON_WINDOWS_FILE,
  createWindowsFileVariant,
} from './variants/windows-file-variant';

/**
 * Check 4: an edit changes only the text it names. The model sends "\n" endings; the file (the
 * lesson's, then one the seed writes) keeps its CRLF endings, its byte-order mark, its tabs and
 * its final newline or lack of one, and the result shows the change as a diff that removes and
 * adds only that line.
 */
export const judge = createVariantCheck({
  salt: 'bytes-preserved',
  lesson: LESSON_WINDOWS_FILE,
  createVariant: createWindowsFileVariant,
  async judge({ drive, variant, prepare, transcript, throws }) {
    const { path } = variant;
    const finalNewline = variant.source.endsWith('\r\n');
    const workspace = await createEditWorkspace({ prepare, files: { [path]: variant.source } });
    const { root } = workspace;
    await drive('open', { root, read: [path] });
    // Two lines in the model's "\n" form, one of them unchanged, across a CRLF in the file.
    const args = { path, old_string: variant.oldString, new_string: variant.newString };
    const result = await driveEdit({ drive, root, args, throws });
    transcript.push(`edit_file across a CRLF line break → ${describeResult(result)}`);
    const bytes = await workspace.bytes(path);
    if (!result.ok) {
      return {
        expected: 'an edit written with "\\n" to match the CRLF file and succeed',
        got: `ok: false, ${JSON.stringify(result.content.slice(0, 200))}`,
      };
    }
    if (!bytes.equals(Buffer.from(variant.expected, 'utf8'))) {
      const text = bytes.toString('utf8');
      const lost = [
        !text.startsWith(BOM) && 'the byte-order mark',
        !text.includes('\r\n') && 'the CRLF line endings',
        /[^\r]\n/.test(text) && 'some CRLF endings (now \\n)',
        !text.includes('\t') && 'the tabs',
        !finalNewline && text.endsWith('\n') && 'the missing final newline (one was added)',
        finalNewline && !text.endsWith('\r\n') && 'the final line break',
      ].filter(Boolean);
      return {
        expected: `only ${JSON.stringify(variant.changedLine.trim())} to change: BOM, CRLF endings, tabs and the final newline (or its absence) kept`,
        got:
          lost.length > 0
            ? `lost ${lost.join(', ')}`
            : `the bytes ${JSON.stringify(text.slice(0, 300))}`,
      };
    }
    // The model (and the person watching) learn what changed from the diff, in the result and in meta.
    const diff = result.meta?.diff;
    const changes = typeof diff === 'string' ? diffChanges(diff) : undefined;
    const diffShowsEdit =
      typeof diff === 'string' &&
      result.content.includes(diff) &&
      changes?.removed === variant.changedLine &&
      changes.added === variant.newLine;
    if (!diffShowsEdit) {
      return {
        expected: `the result to show the change as a diff removing ${JSON.stringify(variant.changedLine)} and adding ${JSON.stringify(variant.newLine)}, nothing else, in its text and in meta.diff`,
        got:
          typeof diff === 'string'
            ? `meta.diff ${JSON.stringify(diff.slice(0, 200))}, result ${JSON.stringify(result.content.slice(0, 200))}`
            : `no meta.diff; result ${JSON.stringify(result.content.slice(0, 200))}`,
      };
    }
    return undefined;
  },
});

/** The lines a unified diff removes and adds, without its `---` and `+++` headers. */
function diffChanges(diff: string): { removed: string; added: string } {
  const lines = diff.split('\n').map((line) => line.replace(/\r$/, ''));
  const changed = (sign: string) =>
    lines
      .filter((line) => line.startsWith(sign) && !line.startsWith(sign.repeat(3)))
      .map((line) => line.slice(1))
      .join('\n');
  return { removed: changed('-'), added: changed('+') };
}
