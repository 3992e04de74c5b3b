// Generated from solutions/d4/src/tools/edit-file.ts (day 4's solution, finished) by
// `pnpm starter d4`. Do not edit it here: change the solution and run that again.
import type { ToolDef } from '@agent-course/core';
import {
  MAX_EDITABLE_BYTES,
  MAX_LISTED_MATCHES,
  editFile,
  resolveInsideWorkspace,
} from '@agent-course/workspace';
import type { ReadLedger } from '@agent-course/workspace';
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
      const edited = await editFile({
        absolutePath: place.absolutePath,
        relativePath: place.relativePath,
        realRoot: place.realRoot,
        oldString: old_string,
        newString: new_string,
        replaceAll: replace_all ?? false,
        ledger,
      });
      if (!edited.ok) return { ok: false, content: edited.error };
      const places = edited.replacements === 1 ? '1 place' : `${edited.replacements} places`;
      return {
        ok: true,
        content: `edited ${place.relativePath} in ${places}:\n${edited.diff.text}`,
        meta: { diff: edited.diff.text },
      };
    },
  };
}
