import type { ToolCall, ToolResult } from '@agent-course/core';
import type { DrivingPart } from '../../../beside-lab/driving-part';
import { createThrowLog, recordThrows } from '../../../beside-lab/record-throws';
import { loadD3Lab } from './d3-lab';

/** truncation's driving part: the lab's truncateResult on a result, and a read through its registry. */
export const operations = {
  /** What truncateResult returns for a result. */
  async truncate({ result }: { result: ToolResult }, { labDir }) {
    const lab = await loadD3Lab(labDir);
    return lab.truncateResult(result);
  },
  /** What the lab's registry, over its three tools, answers a call run in `cwd`. */
  async execute({ call, cwd }: { call: ToolCall; cwd: string }, { labDir }) {
    const lab = await loadD3Lab(labDir);
    // A throw of read_file's own is noted on its way into the registry, which answers it as a
    // failed result: the grader can then blame the line that threw, not the registry.
    const throws = createThrowLog();
    const registry = lab.createToolRegistry(
      recordThrows({ tools: lab.readOnlyTools, log: throws }),
    );
    const result = await registry.execute(call, { cwd, signal: new AbortController().signal });
    return { result, thrown: throws.seen({ labDir, tools: lab.readOnlyTools }) };
  },
} satisfies DrivingPart['operations'];
