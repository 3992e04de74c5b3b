import type { ToolDef } from '@agent-course/core';
import {
  MAX_EDITABLE_BYTES,
  checkOutsideGitFolder,
  createFile,
  resolveInsideWorkspace,
} from '@agent-course/workspace';
import type { ReadLedger } from '@agent-course/workspace';
import { z } from 'zod';

export const CreateFileParameters = z.strictObject({
  path: z
    .string()
    .min(1)
    .describe(
      'The new file, relative to the working directory, e.g. "test/divide.test.js". Required.',
    ),
  content: z.string().describe('The whole content of the new file. Required.'),
});
export type CreateFileParameters = z.infer<typeof CreateFileParameters>;

const MEGABYTE = 1024 * 1024;

/**
 * create_file: writing a file that does not exist yet is its own tool, so an edit can never
 * replace a whole file by accident. It refuses a path that exists, and records what it wrote, so the
 * model may edit its new file without reading it first.
 */
export function createCreateFileTool({
  ledger,
}: {
  ledger: ReadLedger;
}): ToolDef<typeof CreateFileParameters> {
  return {
    name: 'create_file',
    description: [
      'Create a new file with the given content; missing folders are created.',
      'Example: {"path": "test/divide.test.js", "content": "import test from \\"node:test\\";\\n"}.',
      `Limits: refuses a path that already exists (change an existing file with edit_file); at most ${MAX_EDITABLE_BYTES / MEGABYTE} MB; inside the working directory.`,
    ].join(' '),
    parameters: CreateFileParameters,
    readOnly: false,
    async run({ path, content }, { cwd }) {
      const place = await resolveInsideWorkspace({ cwd, path });
      if (!place.ok) return { ok: false, content: place.error };
      // git's own folder runs what it holds (hooks, core.fsmonitor): only git may change it.
      const outsideGit = await checkOutsideGitFolder(place);
      if (!outsideGit.ok) return { ok: false, content: outsideGit.error };
      // The engine writes atomically, never over a file that exists, and only inside the root.
      const created = await createFile({
        absolutePath: place.absolutePath,
        relativePath: place.relativePath,
        // As given: a trailing slash, which resolving drops, names a folder and is refused.
        requestedPath: path,
        realRoot: place.realRoot,
        content,
        ledger,
      });
      if (!created.ok) return { ok: false, content: created.error };
      return {
        ok: true,
        content: `created ${place.relativePath} (${created.lines} lines, ${created.bytes} bytes)`,
      };
    },
  };
}
