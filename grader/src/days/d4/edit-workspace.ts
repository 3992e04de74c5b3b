import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { ToolContext, ToolDef, ToolResult } from '@agent-course/core';
import { createReadLedger, fingerprintFile } from '@agent-course/workspace';
import type { ReadLedger } from '@agent-course/workspace';
import type { ThrowLog } from '../../record-throws';

/** A folder of files for one check, with a ledger the check fills as read_file would. */
export interface EditWorkspace {
  root: string;
  ledger: ReadLedger;
  context: ToolContext;
  /** The file's bytes now. */
  bytes(file: string): Promise<Buffer>;
  /** Records the file as read, the way a working read_file does, without calling the lab's. */
  markRead(file: string): Promise<void>;
  /**
   * Runs a tool; a throw becomes a failed result that says so, so a check can report it, and is
   * noted in the workspace's `throws`, so its failure can say where. With
   * `signal`, the tool gets that signal (the run's Ctrl-C) instead of one that never aborts.
   */
  call(
    tool: ToolDef,
    args: Record<string, unknown>,
    options?: { signal?: AbortSignal },
  ): Promise<ToolResult>;
}

/** Writes `files` (text or bytes) under `scratchDir/workspace`. */
export async function createEditWorkspace({
  scratchDir,
  files,
  throws,
}: {
  scratchDir: string;
  files: Record<string, string | Buffer>;
  /** Where a tool's throw is noted, so the check's failure can say where the lab threw. */
  throws: ThrowLog;
}): Promise<EditWorkspace> {
  const root = join(scratchDir, 'workspace');
  await mkdir(root, { recursive: true });
  for (const [file, content] of Object.entries(files)) {
    await mkdir(dirname(join(root, file)), { recursive: true });
    await writeFile(join(root, file), content);
  }
  const ledger = createReadLedger();
  const context: ToolContext = { cwd: root, signal: new AbortController().signal };
  return {
    root,
    ledger,
    context,
    bytes: (file) => readFile(join(root, file)),
    async markRead(file) {
      const seen = await fingerprintFile({ filePath: join(root, file) });
      if (!seen.ok) throw new Error(`the grader could not fingerprint ${file}`);
      ledger.record({ path: file, fingerprint: seen.fingerprint });
    },
    async call(tool, args, options = {}) {
      try {
        const result = await tool.run(
          args,
          options.signal ? { ...context, signal: options.signal } : context,
        );
        return typeof result?.content === 'string'
          ? result
          : {
              ok: false,
              content: `(${tool.name} returned ${JSON.stringify(result)}, not a result)`,
            };
      } catch (error) {
        throws.note({ tool: tool.name, error, args });
        const reason = error instanceof Error ? error.message : String(error);
        return { ok: false, content: `(${tool.name} threw: ${reason})` };
      }
    },
  };
}

/** A result as one line of a transcript. */
export function describeResult(result: ToolResult): string {
  const first = result.content.split('\n', 1)[0] ?? '';
  return `${result.ok ? 'ok' : 'failed'}: ${first.length > 160 ? `${first.slice(0, 160)}…` : first}`;
}
