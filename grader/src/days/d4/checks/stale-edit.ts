import { appendFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CheckContext, CheckOutcome } from '../../../check';
import { loadD4Lab } from '../d4-lab';
import { createEditWorkspace, describeResult } from '../edit-workspace';

const FILE = 'src/calc.js';
const SOURCE = 'export function divide(a, b) {\n  return a * b;\n}\n';
/** What a person saves while the model works: the same length as nothing, so only content tells. */
const PERSONS_LINE = '// kept by a person\n';
const EDIT = { path: FILE, old_string: '  return a * b;', new_string: '  return a / b;' };

/**
 * Check 5: the lab's read_file records what it read and its edit_file compares before writing. A
 * file changed after the read is refused and the person's change survives; after a fresh read the
 * same edit lands. Uses the lab's own read_file, so an unrecorded read fails here.
 */
export async function run({ labDir, scratchDir }: CheckContext): Promise<CheckOutcome> {
  const lab = await loadD4Lab(labDir);
  const workspace = await createEditWorkspace({ scratchDir, files: { [FILE]: SOURCE } });
  const readTool = lab.createReadFileTool({ ledger: workspace.ledger });
  const editTool = lab.createEditFileTool({ ledger: workspace.ledger });
  const transcript: string[] = [];
  const read = async () => {
    const result = await workspace.call(readTool, { path: FILE });
    transcript.push(`read_file ${FILE} → ${describeResult(result)}`);
    return result;
  };
  const edit = async (label: string) => {
    const result = await workspace.call(editTool, EDIT);
    transcript.push(`edit_file ${label} → ${describeResult(result)}`);
    return result;
  };

  const unread = await edit('before any read');
  if (unread.ok || (await workspace.bytes(FILE)).toString('utf8') !== SOURCE) {
    return {
      passed: false,
      expected: 'an edit of a file never read to be refused, saying to read it first',
      got: 'the file was changed without being read',
      mistake: 'overwritten',
      transcript,
    };
  }

  await read();
  await appendFile(join(workspace.root, FILE), PERSONS_LINE);
  transcript.push(`a person appends ${JSON.stringify(PERSONS_LINE)}`);
  const stale = await edit('after the file changed');
  const now = (await workspace.bytes(FILE)).toString('utf8');
  if (now !== SOURCE + PERSONS_LINE) {
    return {
      passed: false,
      expected:
        "an edit of a file changed since read_file to be refused, and the person's line to survive",
      got: now.includes(PERSONS_LINE)
        ? 'the edit was written over the changed file'
        : "the person's line was lost",
      mistake: 'overwritten',
      transcript,
    };
  }
  if (stale.ok || !/read/i.test(stale.content)) {
    return {
      passed: false,
      expected: '{ ok: false } telling the model to read the file again',
      got: `ok: ${stale.ok}, ${JSON.stringify(stale.content.slice(0, 160))}`,
      // A refusal with no word about reading comes from an edit_file that does not edit yet (the
      // starter's "not written yet"): TODO(1) comes before the ledger of TODO(2).
      ...(!stale.ok ? { mistake: 'edit-not-working' } : {}),
      transcript,
    };
  }

  await read();
  const fresh = await edit('after reading it again');
  const after = (await workspace.bytes(FILE)).toString('utf8');
  if (!fresh.ok || after !== SOURCE.replace('a * b', 'a / b') + PERSONS_LINE) {
    return {
      passed: false,
      expected: "the edit to succeed right after read_file, keeping the person's line",
      got: `ok: ${fresh.ok}, ${JSON.stringify(fresh.content.slice(0, 160))}`,
      ...(/not been read|read it with read_file first/i.test(fresh.content)
        ? { mistake: 'not-recorded' }
        : {}),
      transcript,
    };
  }
  return { passed: true, transcript };
}
