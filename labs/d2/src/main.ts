import { type DayCommandLine, isEntryPoint, runCommandLine } from '@agent-course/cli';
import { streamReader } from '@agent-course/finished-d1';
import type { AgentRunOptions, AgentRunResult, FinishReason, Message } from '@agent-course/core';
import { placeholder } from './placeholder';

/**
 * Stands in for day 2's agent loop until it is written: one model turn without tools, then
 * what placeholder() returns. Enough for `pnpm start`, its --help and MOCK=1 to work on a draft.
 */
async function runDraftAgent(options: AgentRunOptions<[]>): Promise<AgentRunResult> {
  const { model, question, signal } = options;
  const onEvent = options.onEvent ?? (() => {});
  const messages: Message[] = [{ role: 'user', content: question }];
  let text = '';
  let finishReason: FinishReason = 'unknown';
  try {
    for await (const event of model.stream({ messages, tools: [], signal })) {
      if (event.type === 'finish') finishReason = event.finishReason;
      if (event.type !== 'text-delta') continue;
      text += event.text;
      onEvent(event);
    }
  } catch (error) {
    if (signal?.aborted) return { messages, stopReason: 'aborted', error: 'the run was cancelled' };
    throw error;
  }
  onEvent({ type: 'turn-end', turn: 1, finishReason, toolCalls: 0 });
  onEvent({ type: 'text-delta', text: `placeholder() says ${placeholder()}\n` });
  messages.push({ role: 'assistant', content: text, toolCalls: [] });
  return { messages, stopReason: 'done' };
}

/**
 * What `pnpm start d2` runs from the root, or `pnpm start` here (MOCK=1 needs no key); the
 * flags, --help and Ctrl-C come from `@agent-course/cli`, the same every day.
 */
export const commandLine: DayCommandLine<[]> = {
  summary: 'Day 2 is a draft: its agent asks the model once, then shows placeholder().',
  registry: [],
  runAgent: runDraftAgent,
  reader: streamReader,
  defaultMaxTurns: 1,
  // What MOCK=1 plays. Once the day's checks drive this command line, move the scenario to
  // packages/sandbox/src/scenarios/, as days 3 and 4 did, so the grader plays the kit's copy.
  scenario: {
    steps: () => [() => ({ text: 'Day 2 has no agent yet.' })],
    injections: {},
    seed: 2,
    quirks: {},
  },
};

// Run only when started as `pnpm start`; importing this file (as a check does) runs nothing.
if (isEntryPoint(import.meta.url)) runCommandLine(commandLine);
