// Generated from solutions/d4/src/tools/read-file.ts (day 4's solution, finished) by
// `pnpm starter d4`. Do not edit it here: change the solution and run that again.
import { ReadFileParameters } from '@agent-course/finished-d3';
import type { ToolDef } from '@agent-course/core';
import {
  DEFAULT_READ_LINES,
  MAX_LINE_CHARS,
  MAX_READ_LINES,
  readWorkspaceFile,
} from '@agent-course/workspace';
import type { ReadLedger } from '@agent-course/workspace';

// Day 3's parameters, unchanged: what the model may ask of read_file is the same on day 4.
export { ReadFileParameters };

/**
 * Day 3's read_file, plus one duty: it writes down what the model saw (a fingerprint of the whole
 * file) in the conversation's ledger, which is what lets edit_file tell a file the model knows from
 * one that changed behind its back.
 */
export function createReadFileTool({
  ledger,
}: {
  ledger: ReadLedger;
}): ToolDef<typeof ReadFileParameters> {
  return {
    name: 'read_file',
    description: [
      'Read a text file. Returns a header "path (lines A-B of N)" and then each line as "number: text", so you can cite and revisit exact lines.',
      'Example: {"path": "src/calc.js", "offset": 120, "limit": 40} reads lines 120-159.',
      `Limits: ${DEFAULT_READ_LINES} lines from offset unless you set limit (up to ${MAX_READ_LINES}); lines over ${MAX_LINE_CHARS} characters are cut;`,
      'binary files are named, not shown. Read a file before editing it: edit_file only changes files read in this conversation.',
    ].join(' '),
    parameters: ReadFileParameters,
    readOnly: true,
    async run({ path, offset, limit }, { cwd, signal }) {
      // The fingerprint is taken through the same open file as the lines, so what is recorded is
      // exactly what the model was shown, even if the file changes a moment later: hashing the
      // file again afterwards could record content the model never saw.
      const read = await readWorkspaceFile({ cwd, path, offset, limit, signal, fingerprint: true });
      if (!read.ok) return { ok: false, content: read.error };
      // Under the boundary's workspace-relative path, the key edit_file looks up whatever form
      // (absolute, with ./ or ..) the model gives the path in.
      if (read.read) ledger.record(read.read);
      return { ok: true, content: read.text };
    },
  };
}
