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
      // TODO(2): read_file: record a fingerprint of what the model read, so a stale edit is refused
      //   Ask readWorkspaceFile for a fingerprint (fingerprint: true): it hashes the whole file
      //   through the descriptor it reads the lines from. When the answer carries read, record it
      //   in the ledger with ledger.record(read.read). edit_file compares the file with that
      //   fingerprint before writing; a content hash, unlike a modification time, never gives a
      //   false alarm and never misses a same-second change.
      const read = await readWorkspaceFile({ cwd, path, offset, limit, signal });
      return read.ok ? { ok: true, content: read.text } : { ok: false, content: read.error };
    },
  };
}
