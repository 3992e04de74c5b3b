import { join } from 'node:path';
import type { ToolContext, ToolDef } from '@agent-course/core';
import { createReadLedger, fingerprintFile } from '@agent-course/workspace';
import type { ReadLedger } from '@agent-course/workspace';
import { createThrowLog } from '../../../beside-lab/record-throws';
import { MAX_KEPT_CONTENT_CHARS, MAX_RETURNED_CHARS, type ToolCallSeen } from './observations';

/**
 * What a step that only sets something up answers: an answer must carry a value (the channel's
 * answers always hold an output, and JSON has no undefined).
 */
export const OPENED = 'opened';

/**
 * The lab's tools for each workspace opened, by the workspace's folder, kept from one step to the
 * next: they share one ledger.
 */
const workspaces = new Map<string, Record<string, ToolDef>>();

/**
 * A ledger with `files` (relative to `root`) recorded as read, the way a working read_file
 * records them, without calling the lab's read_file.
 */
export async function recordAsRead({
  root,
  files,
}: {
  root: string;
  files: string[];
}): Promise<ReadLedger> {
  const ledger = createReadLedger();
  for (const file of files) {
    const seen = await fingerprintFile({ filePath: join(root, file) });
    if (!seen.ok) throw new Error(`the grader could not fingerprint ${file}`);
    ledger.record({ path: file, fingerprint: seen.fingerprint });
  }
  return ledger;
}

/** Keeps the lab's tools for the workspace at `root`, by the names the steps call them. */
export function keepTools({ root, tools }: { root: string; tools: Record<string, ToolDef> }): void {
  workspaces.set(root, tools);
}

/** Calls a tool kept for the workspace at `root`, in that folder. */
export function callKeptTool({
  root,
  name,
  args,
  labDir,
}: {
  root: string;
  name: string;
  args: Record<string, unknown>;
  labDir: string;
}): Promise<ToolCallSeen> {
  const tool = workspaces.get(root)?.[name];
  if (!tool) throw new Error(`no ${name} tool was kept for the workspace ${root}`);
  return callTool({ tool, args, context: { cwd: root, signal: neverAborted() }, labDir });
}

/**
 * Runs one of the lab's tools on `args` and says what it did: the result it returned (a long
 * content as its two ends), what it returned instead of a result, or what it threw, with the lab's
 * line. A throw is answered as data, not passed on, so the check can go on and report it.
 */
export async function callTool({
  tool,
  args,
  context,
  labDir,
}: {
  tool: ToolDef;
  args: Record<string, unknown>;
  context: ToolContext;
  labDir: string;
}): Promise<ToolCallSeen> {
  const throws = createThrowLog();
  try {
    const result = await tool.run(args as never, context);
    if (typeof result?.content !== 'string') {
      return {
        kind: 'not-a-result',
        tool: String(tool.name).slice(0, 200),
        returned: toJson(result).slice(0, MAX_RETURNED_CHARS),
      };
    }
    const { content } = result;
    const cut = content.length > MAX_KEPT_CONTENT_CHARS;
    const half = MAX_KEPT_CONTENT_CHARS / 2;
    return {
      kind: 'result',
      result: {
        ok: result.ok,
        content: cut ? content.slice(0, half) + content.slice(-half) : content,
        ...(result.meta === undefined ? {} : { meta: result.meta }),
      },
      ...(cut ? { cutChars: content.length - MAX_KEPT_CONTENT_CHARS } : {}),
    };
  } catch (error) {
    throws.note({ tool: tool.name, error, args });
    return { kind: 'threw', thrown: throws.seen({ labDir })! };
  }
}

/** A signal for a call nothing cancels. */
export function neverAborted(): AbortSignal {
  return new AbortController().signal;
}

/** A value as JSON, as a report quotes it; what JSON cannot hold is said so. */
function toJson(value: unknown): string {
  try {
    return String(JSON.stringify(value));
  } catch {
    return '(a value JSON cannot hold)';
  }
}
