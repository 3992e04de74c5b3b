import { runCommandLine } from '@agent-course/cli';
import { scenario } from '../scenario';
import { readOnlyTools } from './read-only-tools';
import { DEFAULT_MAX_TURNS, runAgent } from './run-agent';
import { createToolRegistry } from './tool-registry';

/**
 * `pnpm start`: the day-3 agent answers one question about a repository, and each tool call it
 * makes shows up as a card. The command line around it (flags, MOCK=1 and REPLAY, Ctrl-C,
 * --transcript, SELFTEST=1) is the same every day and lives in `@agent-course/cli`; what this day
 * brings is its tools, the registry they run through, its agent loop and its offline scenario
 * (`scenario.ts`, the turns `MOCK=1` plays).
 */
runCommandLine({
  summary:
    'Runs the day-3 agent: it answers a question about a repository using glob, grep and read_file.',
  registry: createToolRegistry(readOnlyTools),
  runAgent,
  defaultMaxTurns: DEFAULT_MAX_TURNS,
  scenario,
});
