import { type DayCommandLine, isEntryPoint, runCommandLine } from '@agent-course/cli';
import { d1Scenario } from '@agent-course/sandbox/scenarios/d1';
import { answerOnce } from './answer-once';
import { streamReader } from './stream-reader';

/**
 * `pnpm start`: the day-1 agent asks the model one question and prints the answer as it streams,
 * then how long the first piece took, what the endpoint counted and why the answer ended. The
 * command line around it (flags, MOCK=1 and REPLAY, Ctrl-C, --transcript) is the same every day
 * and lives in `@agent-course/cli`; this day brings how the stream is read and the one call.
 */
export const commandLine: DayCommandLine<[]> = {
  summary: 'Runs the day-1 agent: one question, one answer streamed from the model, and its cost.',
  registry: [],
  runAgent: answerOnce,
  reader: streamReader,
  defaultMaxTurns: 1,
  defaultQuestion: 'What is a coding agent?',
  scenario: d1Scenario,
};

// Run only when started as `pnpm start`; the grader imports this file and drives `commandLine` itself.
if (isEntryPoint(import.meta.url)) runCommandLine(commandLine);
