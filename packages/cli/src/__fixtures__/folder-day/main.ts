import { readdir } from 'node:fs/promises';
import { toModelTool } from '@agent-course/core';
import type {
  AgentRunOptions,
  AgentRunResult,
  Message,
  ToolCall,
  ToolDef,
  ToolResult,
} from '@agent-course/core';
import { plainReader, plainWriter } from '@agent-course/core/testing';
import { z } from 'zod';
import { type DayCommandLine, isEntryPoint, runCommandLine } from '../../index';

// A day small enough to read at a glance, for the command line's tests: one tool that lists the
// working folder, and a loop without the lessons' care (no registry, fragments joined naively).

const listFolder: ToolDef = {
  name: 'list_folder',
  description: 'Lists the names in the working folder.',
  parameters: z.strictObject({}),
  readOnly: true,
  run: async (_args, { cwd }) => ({ ok: true, content: (await readdir(cwd)).sort().join('\n') }),
};

async function runFolderAgent(options: AgentRunOptions<ToolDef[]>): Promise<AgentRunResult> {
  const { model, registry, cwd } = options;
  const signal = options.signal ?? new AbortController().signal;
  const onEvent = options.onEvent ?? (() => {});
  const maxTurns = options.maxTurns ?? 4;
  const messages: Message[] = [{ role: 'user', content: options.question }];
  for (let turn = 1; turn <= maxTurns; turn++) {
    let text = '';
    const calls = new Map<number, ToolCall>();
    try {
      for await (const event of model.stream({
        messages,
        tools: registry.map(toModelTool),
        signal,
      })) {
        if (event.type === 'text-delta') {
          text += event.text;
          onEvent(event);
        } else if (event.type === 'tool-call-delta') {
          const { index, id, name, argsDelta } = event.delta;
          const call = calls.get(index) ?? { id: '', name: '', args: '' };
          calls.set(index, {
            id: call.id || (id ?? ''),
            name: call.name || (name ?? ''),
            args: call.args + (argsDelta ?? ''),
          });
        }
      }
    } catch (error) {
      if (signal.aborted)
        return { messages, stopReason: 'aborted', error: 'the run was cancelled' };
      throw error;
    }
    const toolCalls = [...calls.entries()].sort(([a], [b]) => a - b).map(([, call]) => call);
    onEvent({ type: 'turn-end', turn, finishReason: 'unknown', toolCalls: toolCalls.length });
    messages.push({ role: 'assistant', content: text, toolCalls });
    if (toolCalls.length === 0) return { messages, stopReason: 'done' };
    for (const call of toolCalls) {
      onEvent({ type: 'tool-call', call });
      const tool = registry.find((candidate) => candidate.name === call.name);
      // No registry on purpose: broken arguments throw, to show what the command line does then.
      const result: ToolResult = tool
        ? await tool.run(JSON.parse(call.args), { cwd, signal })
        : { ok: false, content: `there is no tool named ${call.name}` };
      onEvent({ type: 'tool-result', call, result });
      messages.push({ role: 'tool', toolCallId: call.id, content: result.content });
    }
  }
  return { messages, stopReason: 'max-turns', error: `no answer within ${maxTurns} turns` };
}

/** What the folder day hands to the command line; the in-process tests drive it through main. */
export const folderDay: DayCommandLine<ToolDef[]> = {
  summary: 'Runs the folder agent: it lists the working folder and says how many names it holds.',
  registry: [listFolder],
  runAgent: runFolderAgent,
  reader: plainReader,
  writer: plainWriter,
  defaultMaxTurns: 4,
  scenario: {
    steps: (inject) => [
      () => ({
        text: 'Let me look.',
        toolCalls: [{ name: 'list_folder', args: inject === 'broken_json' ? '{"' : '{}' }],
      }),
      (conversation) => ({
        text: `The folder holds ${conversation.at(-1)?.content.split('\n').length} names.`,
      }),
    ],
    injections: { broken_json: 'send arguments that are not JSON, which this loop cannot take' },
    seed: 1,
    quirks: { indexBase: 1 },
  },
};

if (isEntryPoint(import.meta.url)) runCommandLine(folderDay);
