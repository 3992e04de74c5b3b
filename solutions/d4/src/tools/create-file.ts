import { lstat, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { ToolDef } from '@agent-course/core';
import {
  MAX_EDITABLE_BYTES,
  fingerprintBytes,
  resolveInsideWorkspace,
  writeFileAtomically,
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
    async run({ path: given, content }, { cwd }) {
      const bytes = Buffer.from(content, 'utf8');
      if (bytes.length > MAX_EDITABLE_BYTES) {
        return {
          ok: false,
          content: `the content is ${bytes.length} bytes, more than the ${MAX_EDITABLE_BYTES} a file may be created with; write a smaller file, or generate it with a command`,
        };
      }
      const place = await resolveInsideWorkspace({ cwd, path: given });
      if (!place.ok) return { ok: false, content: place.error };
      const exists = async () =>
        lstat(place.absolutePath).then(
          () => true,
          () => false,
        );
      const alreadyThere = `${place.relativePath} already exists, so nothing was written; read it with read_file and change it with edit_file`;
      if (await exists()) return { ok: false, content: alreadyThere };
      try {
        await mkdir(path.dirname(place.absolutePath), { recursive: true });
      } catch {
        return {
          ok: false,
          content: `the folder for ${place.relativePath} could not be created; check that no file stands where a folder is needed`,
        };
      }
      const written = await writeFileAtomically({
        filePath: place.absolutePath,
        content: [bytes],
        // Something may create the file while the content is written: look once more.
        beforeReplace: async () => ((await exists()) ? alreadyThere : undefined),
      });
      if (!written.ok) return { ok: false, content: written.error };
      ledger.record({ path: place.relativePath, fingerprint: fingerprintBytes([bytes]) });
      const lines =
        content === '' ? 0 : content.split('\n').length - (content.endsWith('\n') ? 1 : 0);
      return {
        ok: true,
        content: `created ${place.relativePath} (${lines} lines, ${bytes.length} bytes)`,
      };
    },
  };
}
