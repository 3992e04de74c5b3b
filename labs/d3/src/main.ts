import { type DayCommandLine, isEntryPoint, runCommandLine } from '@agent-course/cli';
import { streamReader } from '@agent-course/finished-d1';
import { messageWriter } from '@agent-course/finished-d2';
import { d3Scenario } from '@agent-course/sandbox/scenarios/d3';
import { readOnlyTools } from './read-only-tools';
import { DEFAULT_MAX_TURNS, runAgent } from './run-agent';
import { createToolRegistry, type ToolRegistry } from './tool-registry';

/**
 * `pnpm start`: the day-3 agent answers one question about a repository, and each tool call it
 * makes shows up as a card. The command line around it (flags, MOCK=1 and REPLAY, Ctrl-C,
 * --transcript, SELFTEST=1) is the same every day and lives in `@agent-course/cli`, and so does
 * the day's offline scenario (the turns `MOCK=1` plays). What this day brings is its tools, the
 * registry they run through and its agent loop.
 */
export const commandLine: DayCommandLine<ToolRegistry> = {
  summary:
    'Runs the day-3 agent: it answers a question about a repository using glob, grep and read_file.',
  registry: createToolRegistry(readOnlyTools),
  runAgent,
  reader: streamReader,
  writer: messageWriter,
  defaultMaxTurns: DEFAULT_MAX_TURNS,
  scenario: d3Scenario,
};

// Run only when started as `pnpm start`; the grader imports this file and drives `commandLine` itself.
if (isEntryPoint(import.meta.url)) runCommandLine(commandLine);
