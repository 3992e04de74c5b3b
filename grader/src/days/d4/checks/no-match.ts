import type { CheckContext, CheckOutcome } from '../../../check';
import { loadD4Lab } from '../d4-lab';
import { createEditWorkspace, describeResult } from '../edit-workspace';

const FILE = 'src/calc.js';
const SOURCE = 'export function divide(a, b) {\n  return a * b;\n}\n';

/**
 * Check 2: text that occurs nowhere changes nothing, and the result says what to send instead. Two
 * misses a model really makes: text that is not in the file, and a line copied with read_file's
 * "12: " prefix (the answer must then speak of line numbers, so the model can strip them).
 */
export async function run({ labDir, scratchDir }: CheckContext): Promise<CheckOutcome> {
  const lab = await loadD4Lab(labDir);
  const workspace = await createEditWorkspace({ scratchDir, files: { [FILE]: SOURCE } });
  await workspace.markRead(FILE);
  const editTool = lab.createEditFileTool({ ledger: workspace.ledger });
  const transcript: string[] = [];

  const misses = [
    { label: 'text the file does not hold', old_string: '  return a % b;', about: /read|copy/i },
    {
      label: 'a line copied with its "2: " prefix',
      old_string: '2:   return a * b;',
      about: /line number/i,
    },
  ];
  for (const miss of misses) {
    const result = await workspace.call(editTool, {
      path: FILE,
      old_string: miss.old_string,
      new_string: '  return a / b;',
    });
    transcript.push(`edit_file ${miss.label} → ${describeResult(result)}`);
    const bytes = (await workspace.bytes(FILE)).toString('utf8');
    if (bytes !== SOURCE) {
      return {
        passed: false,
        expected: `${miss.label} to leave ${FILE} byte for byte as it was`,
        got: 'the file changed',
        transcript,
      };
    }
    if (result.ok) {
      return {
        passed: false,
        expected: `${miss.label} to come back as { ok: false }`,
        got: `ok: true, "${result.content.slice(0, 80)}"`,
        transcript,
      };
    }
    if (
      !/not found|nowhere|does not (occur|appear)/i.test(result.content) ||
      !miss.about.test(result.content)
    ) {
      return {
        passed: false,
        expected: `for ${miss.label}, a message saying the text was not found and ${miss.about.source === 'line number' ? "that read_file's line numbers are not in the file" : 'to read the file again and copy the text exactly'}`,
        got: JSON.stringify(result.content.slice(0, 200)),
        transcript,
      };
    }
  }
  return { passed: true, transcript };
}
