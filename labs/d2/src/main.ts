import { type DayCommandLine, isEntryPoint, runCommandLine } from '@agent-course/cli';
import { streamReader } from '@agent-course/finished-d1';
import { d2Scenario } from '@agent-course/sandbox/scenarios/d2';
import { chat, DEFAULT_MAX_TURNS } from './chat';
import { messageWriter } from './message-writer';

/**
 * `pnpm start`: the day-2 agent chats. Each line you type is a turn, answered as it streams, with
 * what the conversation now weighs under it; Ctrl-C stops an answer, Ctrl-D (or Ctrl-C while you
 * type) ends the chat. The command line around it (flags, MOCK=1 and its scripted person, REPLAY,
 * --transcript) is the same every day and lives in `@agent-course/cli`; day 1's finished reader
 * reads the stream. What this day brings is the conversation: its wire form, its rules, its cost
 * and the loop that resends it.
 */
export const commandLine: DayCommandLine<[]> = {
  summary:
    'Runs the day-2 agent: a chat in the terminal, each line a turn, the whole conversation resent.',
  registry: [],
  runAgent: chat,
  reader: streamReader,
  writer: messageWriter,
  defaultMaxTurns: DEFAULT_MAX_TURNS,
  scenario: d2Scenario,
  chat: true,
};

// Run only when started as `pnpm start`; the grader imports this file and drives `commandLine` itself.
if (isEntryPoint(import.meta.url)) runCommandLine(commandLine);
