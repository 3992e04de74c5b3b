import { DEFAULT_MAX_TURNS, createToolRegistry, runAgent } from '@agent-course/finished-d3';
import type { ToolRegistry } from '@agent-course/finished-d3';
import { type DayCommandLine, isEntryPoint, runCommandLine } from '@agent-course/cli';
import { streamReader } from '@agent-course/finished-d1';
import { messageWriter } from '@agent-course/finished-d2';
import { d4Scenario } from '@agent-course/sandbox/scenarios/d4';
import { askBeforeWriting } from './ask-before-writing';
import { createTools } from './create-tools';
import { SYSTEM_PROMPT } from './system-prompt';

/**
 * `pnpm start`: the day-4 agent changes a repository and runs its commands. The loop, the registry
 * and glob and grep are day 3's, finished, from `@agent-course/finished-d3`, and the offline scenario
 * (what `MOCK=1` plays) is the kit's, from `@agent-course/cli`; what this day brings is the tools
 * that write and run (src/tools) and the ledger that ties reading to editing. Without --cwd it
 * works on a freshly generated sandbox, never on your files.
 */
const tools = createTools();
const registry = createToolRegistry(tools);

export const commandLine: DayCommandLine<ToolRegistry> = {
  summary:
    "Runs the day-4 agent: it reads, edits files exactly and runs commands to make a repository's tests pass.",
  registry,
  // With a real model on a real repository (--cwd, no --yes), each write and command is asked about.
  runAgent: ({ approve, ...options }) =>
    runAgent({
      ...options,
      registry: approve ? askBeforeWriting({ registry, tools, approve }) : registry,
      systemPrompt: SYSTEM_PROMPT,
    }),
  reader: streamReader,
  writer: messageWriter,
  defaultMaxTurns: DEFAULT_MAX_TURNS,
  scenario: d4Scenario,
  writes: true,
};

// Run only when started as `pnpm start`; the grader imports this file and drives `commandLine` itself.
if (isEntryPoint(import.meta.url)) runCommandLine(commandLine);
