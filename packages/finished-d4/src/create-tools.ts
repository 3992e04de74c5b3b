// Generated from solutions/d4/src/create-tools.ts (day 4's solution, finished) by
// `pnpm starter d4`. Do not edit it here: change the solution and run that again.
import { globTool, grepTool } from '@agent-course/finished-d3';
import type { ToolDef } from '@agent-course/core';
import { createReadLedger } from '@agent-course/workspace';
import type { ReadLedger } from '@agent-course/workspace';
import { createCreateFileTool } from './tools/create-file';
import { createEditFileTool } from './tools/edit-file';
import { createReadFileTool } from './tools/read-file';
import { runCommandTool } from './tools/run-command';

/**
 * Today's tools, in the order the model sees them: find, search, read, change, create, run. The
 * reading and writing tools share one ledger, so make one set per conversation: an edit is allowed
 * only on what this conversation has read.
 */
export function createTools({
  ledger = createReadLedger(),
}: { ledger?: ReadLedger } = {}): ToolDef[] {
  return [
    globTool,
    grepTool,
    createReadFileTool({ ledger }),
    createEditFileTool({ ledger }),
    createCreateFileTool({ ledger }),
    runCommandTool,
  ] as ToolDef[];
}
