import type { CheckContext, CheckOutcome } from '../../../check';
import { loadD4Lab } from '../d4-lab';
import { createEditWorkspace, describeResult } from '../edit-workspace';

const FILE = 'src/limits.js';
const SOURCE = [
  'export const first = 1;',
  'const retries = 3;',
  'export const second = 2;',
  'const retries = 3;',
  '',
  'const retries = 3;',
  '',
].join('\n');
/** Where "const retries = 3;" stands. */
const LINES = [2, 4, 6];

/**
 * Check 3: text on three lines is refused without a change, naming the three lines so the model can
 * add context to one; with replace_all, all three change and nothing else does.
 */
export async function run({ labDir, scratchDir }: CheckContext): Promise<CheckOutcome> {
  const lab = await loadD4Lab(labDir);
  const workspace = await createEditWorkspace({ scratchDir, files: { [FILE]: SOURCE } });
  await workspace.markRead(FILE);
  const editTool = lab.createEditFileTool({ ledger: workspace.ledger });
  const transcript: string[] = [];
  const edit = { path: FILE, old_string: 'const retries = 3;', new_string: 'const retries = 5;' };

  const refused = await workspace.call(editTool, edit);
  transcript.push(`edit_file of text on lines ${LINES.join(', ')} → ${describeResult(refused)}`);
  if ((await workspace.bytes(FILE)).toString('utf8') !== SOURCE) {
    return {
      passed: false,
      expected: 'an ambiguous edit to leave the file as it was',
      got: 'the file changed (the first match, or every match, was replaced)',
      transcript,
    };
  }
  const named = LINES.every((line) => new RegExp(`\\b${line}\\b`).test(refused.content));
  if (refused.ok || !named) {
    return {
      passed: false,
      expected: `{ ok: false } naming lines ${LINES.join(', ')}, where the text occurs`,
      got: `ok: ${refused.ok}, ${JSON.stringify(refused.content.slice(0, 200))}`,
      transcript,
    };
  }

  const all = await workspace.call(editTool, { ...edit, replace_all: true });
  transcript.push(`the same edit with replace_all → ${describeResult(all)}`);
  const expected = SOURCE.replaceAll('const retries = 3;', 'const retries = 5;');
  const now = (await workspace.bytes(FILE)).toString('utf8');
  if (!all.ok || now !== expected) {
    return {
      passed: false,
      expected: 'replace_all: true to change all three lines and nothing else',
      got:
        now === expected
          ? `ok: false, ${JSON.stringify(all.content.slice(0, 160))}`
          : `the file reads ${JSON.stringify(now)}`,
      transcript,
    };
  }
  return { passed: true, transcript };
}
