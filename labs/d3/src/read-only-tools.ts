import type { ToolDef } from '@agent-course/core';
import { globTool } from './tools/glob';
import { grepTool } from './tools/grep';
import { readFileTool } from './tools/read-file';

/** Today's tools, in the order the model sees them: find files, search them, read one. */
export const readOnlyTools: ToolDef[] = [globTool, grepTool, readFileTool];
