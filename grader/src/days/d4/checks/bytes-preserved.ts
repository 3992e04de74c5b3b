import type { CheckContext, CheckOutcome } from '../../../check';
import { loadD4Lab } from '../d4-lab';
import { createEditWorkspace, describeResult } from '../edit-workspace';

const FILE = 'src/table.js';
const BOM = '\uFEFF';
/** A Windows file: byte-order mark, CRLF endings, tab indentation, no newline at the end. */
const LINES = [
  '// Totals.',
  'export function total(rows) {',
  '\tlet sum = 0;',
  '\tfor (const row of rows) sum += row;',
  '\treturn sum * 2;',
  '}',
];
const SOURCE = BOM + LINES.join('\r\n');
const EXPECTED = SOURCE.replace('\treturn sum * 2;', '\treturn sum;');

/**
 * Check 4: an edit changes only the text it names. The model sends "\n" endings; the file keeps its
 * CRLF endings, its byte-order mark, its tabs and its missing final newline, and the result shows
 * the change as a diff.
 */
export async function run({ labDir, scratchDir }: CheckContext): Promise<CheckOutcome> {
  const lab = await loadD4Lab(labDir);
  const workspace = await createEditWorkspace({ scratchDir, files: { [FILE]: SOURCE } });
  await workspace.markRead(FILE);
  const editTool = lab.createEditFileTool({ ledger: workspace.ledger });
  const result = await workspace.call(editTool, {
    path: FILE,
    // Two lines in the model's "\n" form, one of them unchanged, across a CRLF in the file.
    old_string: '\tfor (const row of rows) sum += row;\n\treturn sum * 2;',
    new_string: '\tfor (const row of rows) sum += row;\n\treturn sum;',
  });
  const transcript = [`edit_file across a CRLF line break → ${describeResult(result)}`];
  const bytes = await workspace.bytes(FILE);
  if (!result.ok) {
    return {
      passed: false,
      expected: 'an edit written with "\\n" to match the CRLF file and succeed',
      got: `ok: false, ${JSON.stringify(result.content.slice(0, 200))}`,
      transcript,
    };
  }
  if (!bytes.equals(Buffer.from(EXPECTED, 'utf8'))) {
    const text = bytes.toString('utf8');
    const lost = [
      !text.startsWith(BOM) && 'the byte-order mark',
      !text.includes('\r\n') && 'the CRLF line endings',
      text.includes('\n') && /[^\r]\n/.test(text) && 'some CRLF endings (now \\n)',
      !text.includes('\t') && 'the tabs',
      text.endsWith('\n') && 'the missing final newline (one was added)',
    ].filter(Boolean);
    return {
      passed: false,
      expected:
        'only "return sum * 2;" to change: BOM, CRLF endings, tabs and the missing final newline kept',
      got: lost.length > 0 ? `lost ${lost.join(', ')}` : `the bytes ${JSON.stringify(text)}`,
      transcript,
    };
  }
  // The model (and the person watching) learn what changed from the diff, in the result and in meta.
  const diff = result.meta?.diff;
  const diffShowsEdit =
    typeof diff === 'string' &&
    /^-.*return sum \* 2;/m.test(diff) &&
    /^\+.*return sum;/m.test(diff) &&
    result.content.includes(diff);
  if (!diffShowsEdit) {
    return {
      passed: false,
      expected:
        'the result to show the change as a diff (-\treturn sum * 2; +\treturn sum;), in its text and in meta.diff',
      got:
        typeof diff === 'string'
          ? `meta.diff ${JSON.stringify(diff.slice(0, 200))}, result ${JSON.stringify(result.content.slice(0, 200))}`
          : `no meta.diff; result ${JSON.stringify(result.content.slice(0, 200))}`,
      mistake: 'no-diff',
      transcript,
    };
  }
  return { passed: true, transcript };
}
