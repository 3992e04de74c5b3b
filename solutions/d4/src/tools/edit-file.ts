import type { ToolDef } from '@agent-course/core';
import {
  MAX_EDITABLE_BYTES,
  MAX_LISTED_MATCHES,
  checkOutsideGitFolder,
  readFileToEdit,
  resolveInsideWorkspace,
  spliceEdit,
  writeOutControlCharacters,
  writtenOutEscapeHint,
} from '@agent-course/workspace';
import type { ReadLedger } from '@agent-course/workspace';
import { findExactlyOnce } from '../edits/find-exactly-once';
import { writeIfUnchanged } from '../edits/write-if-unchanged';
import { z } from 'zod';

export const EditFileParameters = z.strictObject({
  path: z
    .string()
    .min(1)
    .describe('File to change, relative to the working directory, e.g. "src/calc.js". Required.'),
  old_string: z
    .string()
    .describe(
      'The exact text to replace, copied from read_file without its "12: " line-number prefixes, with enough lines around it to occur once; "" only to fill an empty file. Required.',
    ),
  new_string: z.string().describe('The text to put in its place; "" deletes old_string. Required.'),
  replace_all: z
    .boolean()
    .optional()
    .describe(
      'Replace every occurrence of old_string instead of requiring exactly one. Default false.',
    ),
});
export type EditFileParameters = z.infer<typeof EditFileParameters>;

const MEGABYTE = 1024 * 1024;

/**
 * edit_file: an exact replacement in a file the model has read in this conversation and nobody has
 * changed since. It matches exactly, never approximately: text that occurs nowhere, or in several
 * places, changes nothing and says why, because a guess that lands on similar code elsewhere is
 * worse than a refusal the model can act on.
 */
export function createEditFileTool({
  ledger,
}: {
  ledger: ReadLedger;
}): ToolDef<typeof EditFileParameters> {
  return {
    name: 'edit_file',
    description: [
      'Replace exact text in an existing file and return the change as a unified diff.',
      'Example: {"path": "src/calc.js", "old_string": "  return a * b;", "new_string": "  return a / b;"}.',
      'old_string must occur exactly once (or set replace_all); copy it from read_file without the line-number prefixes. Line endings are matched as \\n and the file keeps its own.',
      `Limits: the file must have been read with read_file in this conversation and be unchanged since (otherwise read it again); text files up to ${MAX_EDITABLE_BYTES / MEGABYTE} MB;`,
      `an ambiguous match lists up to ${MAX_LISTED_MATCHES} line numbers. To make a new file use create_file.`,
    ].join(' '),
    parameters: EditFileParameters,
    readOnly: false,
    async run({ path, old_string, new_string, replace_all }, { cwd }) {
      // The same boundary as reading: a path that leads outside is refused before anything opens.
      const place = await resolveInsideWorkspace({ cwd, path });
      if (!place.ok) return { ok: false, content: place.error };
      // git's own folder runs what it holds (hooks, core.fsmonitor): only git may change it.
      const outsideGit = await checkOutsideGitFolder(place);
      if (!outsideGit.ok) return { ok: false, content: outsideGit.error };
      const { relativePath } = place;
      const file = await readFileToEdit({ ...place, ledger });
      if (!file.ok) return { ok: false, content: file.error };
      // Where old_string is: exactly once, or every place with replace_all.
      const found = findExactlyOnce({
        text: file.text,
        oldString: old_string,
        replaceAll: replace_all ?? false,
      });
      if (!found.ok) {
        // old_string copied from read_file's written-out escapes (\x1b) misses the character the
        // file holds; that answer is the engine's, any other is findExactlyOnce's.
        const hint = writtenOutEscapeHint({ text: file.text, oldString: old_string });
        return { ok: false, content: hint ?? found.error };
      }
      const edit = spliceEdit({
        file,
        relativePath,
        starts: found.starts,
        oldString: old_string,
        newString: new_string,
      });
      if (!edit.ok) return { ok: false, content: edit.error };
      // Written only if the file still holds what the model read.
      const written = await writeIfUnchanged({ ledger, place, file, edit });
      if (!written.ok) return { ok: false, content: written.error };
      const places = edit.replacements === 1 ? '1 place' : `${edit.replacements} places`;
      return {
        ok: true,
        // The model reads the file's control characters written out, as read_file shows them.
        content: writeOutControlCharacters(
          `edited ${relativePath} in ${places}:\n${edit.diff.text}`,
        ),
        // The terminal shows the diff as a card; diff.text is the text, the object holds more.
        meta: { diff: edit.diff.text },
      };
    },
  };
}
