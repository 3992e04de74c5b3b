import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streamReader } from '@agent-course/finished-d1';
import { messageWriter, toChatMessages } from '@agent-course/finished-d2';
import { z } from 'zod';
import { findMessageProblems } from '@agent-course/core';
import type { Message, ToolDef } from '@agent-course/core';
import { CANARY, createTestWorkspace } from '@agent-course/workspace/testing';
import type { TestWorkspace } from '@agent-course/workspace/testing';
import { readOnlyTools } from './read-only-tools';
import { createToolRegistry } from './tool-registry';
import {
  chatChunk,
  listStreamFixtures,
  readStreamFixture,
  runAgentOnLoopback,
} from '@agent-course/core/testing';
import { findFeedbackGaps } from './feedback-rules';
import type { FeedbackRule } from './feedback-rules';
import { runAgent } from './run-agent';

// Each stream fixture of @agent-course/core/testing is one streamed answer, one Chat Completions chunk a line,
// shaped like what a kind of provider was seen sending. The loopback server plays it for the first
// request and a plain "done" for the next, so the whole path runs: real `openai` client, SSE
// parsing, the core adapter, the accumulator, the registry, the tools and runAgent.

/** A tool without parameters, to show what '' arguments mean for it. */
const workspaceNameTool: ToolDef = {
  name: 'workspace_name',
  description: "Names the working directory's folder. Takes no arguments: {}.",
  parameters: z.strictObject({}),
  readOnly: true,
  run: async (_args, { cwd }) => ({ ok: true, content: cwd.split('/').at(-1) ?? '' }),
};
const registry = createToolRegistry([...readOnlyTools, workspaceNameTool]);

const FILES = {
  'src/calc.js': 'export function divide(a, b) {\n  return a * b;\n}\n',
  'src/calc.test.js':
    "import { divide } from './calc.js';\ntest('divides', () => expect(divide(6, 3)).toBe(2));\n",
  'notes/menu.txt': 'café crème\nmood: 😀\nsay "hi"\n',
};

/** What each tool call in the fixtures returns in that workspace. */
const GLOB_OUTPUT = { ok: true, content: 'src/calc.js\nsrc/calc.test.js' };
const READ_OUTPUT = {
  ok: true,
  content:
    'src/calc.js (lines 1-3 of 3)\n1: export function divide(a, b) {\n2:   return a * b;\n3: }',
};
const GREP_OUTPUT = {
  ok: true,
  content: [
    'src/calc.js:1:export function divide(a, b) {',
    "src/calc.test.js:1:import { divide } from './calc.js';",
    "src/calc.test.js:2:test('divides', () => expect(divide(6, 3)).toBe(2));",
  ].join('\n'),
};
const GLOB_ARGS = { pattern: 'src/*.js' };
const READ_ARGS = { path: 'src/calc.js' };
const GREP_ARGS = { pattern: 'divide', include: '*.js' };

/**
 * Matches a failed call's feedback by the facts it must hold, not its wording (the lab writes its
 * own sentences), wherever toEqual compares a result or a tool message.
 */
function feedbackFollowing(rule: FeedbackRule): string {
  const matcher = {
    asymmetricMatch: (actual: unknown) =>
      typeof actual === 'string' && findFeedbackGaps(rule, actual).length === 0,
    toString: () => `feedback holding what ${rule.failure} needs`,
  };
  return matcher as unknown as string;
}

/** One fixture: the provider it stands for, what it proves, and the calls it must give. */
interface StreamCase {
  fixture: string;
  /** The kind of provider whose stream the fixture imitates. */
  provider: string;
  /** What the case proves; the test's name. */
  proves: string;
  /** The merged calls in order, with their arguments parsed (raw text when not JSON). */
  calls: Array<{ id: string; name: string; args: unknown }>;
  /** What each call fed back, in the same order. */
  results: Array<{ ok: boolean; content: string }>;
}

const CASES: StreamCase[] = [
  {
    fixture: 'index-base-zero',
    provider: 'OpenAI Chat Completions itself: index from 0, head with id, name and "" arguments',
    proves: 'merges calls numbered from 0 whose arguments come in pieces',
    calls: [
      { id: 'call_q1Zb0GlobA', name: 'glob', args: GLOB_ARGS },
      { id: 'call_q1Zb1ReadB', name: 'read_file', args: READ_ARGS },
    ],
    results: [GLOB_OUTPUT, READ_OUTPUT],
  },
  {
    fixture: 'index-base-one',
    provider: 'a gateway translating Anthropic content blocks, whose index starts at 1',
    proves: 'merges calls numbered from 1 without an empty call at 0',
    calls: [
      { id: 'toolu_01GlobFromOne', name: 'glob', args: GLOB_ARGS },
      { id: 'toolu_02ReadFromOne', name: 'read_file', args: READ_ARGS },
    ],
    results: [GLOB_OUTPUT, READ_OUTPUT],
  },
  {
    fixture: 'non-contiguous-indexes',
    provider: 'a routing gateway that keeps the upstream indexes 0, 2 and 5',
    proves: 'keys calls by index, so gaps in the numbering create no phantom calls',
    calls: [
      { id: 'call_gap_0', name: 'glob', args: GLOB_ARGS },
      { id: 'call_gap_2', name: 'grep', args: GREP_ARGS },
      { id: 'call_gap_5', name: 'read_file', args: READ_ARGS },
    ],
    results: [GLOB_OUTPUT, GREP_OUTPUT, READ_OUTPUT],
  },
  {
    fixture: 'interleaved-heads-out-of-order',
    provider: 'OpenAI parallel tool calls, with fragments of three calls interleaved',
    proves:
      'keeps interleaved parallel calls apart and runs them in index order, not arrival order',
    calls: [
      { id: 'call_first', name: 'glob', args: GLOB_ARGS },
      { id: 'call_second', name: 'grep', args: GREP_ARGS },
      { id: 'call_third', name: 'read_file', args: READ_ARGS },
    ],
    results: [GLOB_OUTPUT, GREP_OUTPUT, READ_OUTPUT],
  },
  {
    fixture: 'no-index-field',
    provider: 'a local server (Ollama, llama.cpp) or Gemini-compatible endpoint sending no index',
    proves: 'tells calls without an index apart by id, each whole in one chunk',
    calls: [
      { id: 'call_local_glob', name: 'glob', args: GLOB_ARGS },
      { id: 'call_local_read', name: 'read_file', args: READ_ARGS },
    ],
    results: [GLOB_OUTPUT, READ_OUTPUT],
  },
  {
    fixture: 'all-calls-index-zero',
    provider: 'a gateway that sends every parallel call with index 0 and its own id',
    proves: 'starts a new call when a new id arrives on an index already in use',
    calls: [
      { id: 'call_zero_glob', name: 'glob', args: GLOB_ARGS },
      { id: 'call_zero_grep', name: 'grep', args: GREP_ARGS },
      { id: 'call_zero_read', name: 'read_file', args: READ_ARGS },
    ],
    results: [GLOB_OUTPUT, GREP_OUTPUT, READ_OUTPUT],
  },
  {
    fixture: 'id-in-every-fragment',
    provider: 'an OpenAI-compatible proxy repeating the full call id in every fragment',
    proves: 'keeps a repeated id whole instead of concatenating it',
    calls: [
      { id: 'call_rep_glob', name: 'glob', args: GLOB_ARGS },
      { id: 'call_rep_read', name: 'read_file', args: READ_ARGS },
    ],
    results: [GLOB_OUTPUT, READ_OUTPUT],
  },
  {
    fixture: 'name-in-later-fragment',
    provider: 'a provider that sends the id first and the function name in the next fragment',
    proves: 'takes a name that arrives after the id',
    calls: [{ id: 'call_late_name', name: 'grep', args: GREP_ARGS }],
    results: [GREP_OUTPUT],
  },
  {
    fixture: 'name-empty-then-real',
    provider: 'a provider that sends an empty-string name before the real one',
    proves: 'does not let an empty name stand, nor be overwritten by one',
    calls: [{ id: 'call_empty_name', name: 'read_file', args: READ_ARGS }],
    results: [READ_OUTPUT],
  },
  {
    fixture: 'finish-stop-on-tool-turn',
    provider: 'an open-weight model behind Ollama or vLLM that ends a tool turn with "stop"',
    proves: 'runs merged calls even when the finish reason is stop',
    calls: [{ id: 'call_stop_read', name: 'read_file', args: READ_ARGS }],
    results: [READ_OUTPUT],
  },
  {
    fixture: 'separate-finish-and-usage-chunk',
    provider:
      'OpenAI with stream_options.include_usage: finish alone, then a chunk without choices',
    proves: 'ignores a trailing usage chunk that has no choices',
    calls: [{ id: 'call_usage_glob', name: 'glob', args: GLOB_ARGS }],
    results: [GLOB_OUTPUT],
  },
  {
    fixture: 'two-finish-chunks',
    provider: 'a proxy that adds its own finish chunk after the upstream one',
    proves: 'survives two finish chunks and keeps the call',
    calls: [{ id: 'call_twice_grep', name: 'grep', args: GREP_ARGS }],
    results: [GREP_OUTPUT],
  },
  {
    fixture: 'length-cut-mid-arguments',
    provider: 'any provider hitting max_tokens in the middle of the arguments (finish "length")',
    proves: 'runs the whole call, feeds the cut one back as invalid JSON, and carries on',
    calls: [
      { id: 'call_cut_glob', name: 'glob', args: GLOB_ARGS },
      { id: 'call_cut_read', name: 'read_file', args: '{"path":"src/ca' },
    ],
    results: [
      GLOB_OUTPUT,
      {
        ok: false,
        content: feedbackFollowing({ failure: 'invalid JSON', args: '{"path":"src/ca' }),
      },
    ],
  },
  {
    fixture: 'empty-arguments',
    provider: 'OpenAI, which sends "" as the arguments of a call it gives none',
    proves: 'treats "" as {}: fine for a tool without parameters, a clear error for one with',
    calls: [
      { id: 'call_empty_ok', name: 'workspace_name', args: '' },
      { id: 'call_empty_bad', name: 'read_file', args: '' },
    ],
    results: [
      { ok: true, content: 'repo' },
      {
        ok: false,
        content: feedbackFollowing({
          failure: 'schema violation',
          field: 'path',
          expected: 'string',
        }),
      },
    ],
  },
  {
    fixture: 'split-inside-string',
    provider: 'OpenAI, whose argument pieces end anywhere, here inside a string value',
    proves: 'joins argument text cut inside a string before parsing it',
    calls: [{ id: 'call_split_str', name: 'read_file', args: READ_ARGS }],
    results: [READ_OUTPUT],
  },
  {
    fixture: 'split-inside-escape',
    provider: 'OpenAI, with pieces ending between \\ and " and inside \\u00e9',
    proves: 'joins argument text cut inside escape sequences',
    calls: [
      { id: 'call_esc_quote', name: 'grep', args: { pattern: 'say "hi"' } },
      { id: 'call_esc_unicode', name: 'grep', args: { pattern: 'café crème' } },
    ],
    results: [
      { ok: true, content: 'notes/menu.txt:3:say "hi"' },
      { ok: true, content: 'notes/menu.txt:1:café crème' },
    ],
  },
  {
    fixture: 'split-inside-surrogate-pair',
    provider: 'a gateway re-chunking text by UTF-16 units, splitting an emoji in two',
    proves: 'joins a character split between its two UTF-16 halves',
    calls: [{ id: 'call_emoji', name: 'grep', args: { pattern: 'mood: 😀' } }],
    results: [{ ok: true, content: 'notes/menu.txt:2:mood: 😀' }],
  },
  {
    fixture: 'text-answer-no-calls',
    provider: 'OpenAI answering in text',
    proves: 'ends the run on a text answer without calls',
    calls: [],
    results: [],
  },
  {
    fixture: 'no-finish-chunk',
    provider: 'a local server whose stream ends without any finish reason',
    proves: 'runs the calls of a stream that never says why it finished',
    calls: [{ id: 'call_nofinish_glob', name: 'glob', args: GLOB_ARGS }],
    results: [GLOB_OUTPUT],
  },
];

/** The chunks a server sends for a short text answer. */
function textAnswer(text: string): unknown[] {
  return [chatChunk({ role: 'assistant', content: text }), chatChunk({}, 'stop')];
}

/** Plays a fixture as the first answer and "done" as every later one. */
async function playFixture(name: string) {
  const chunks = await readStreamFixture(name);
  let requests = 0;
  return runAgentOnLoopback({
    runAgent,
    respond: () => (++requests === 1 ? chunks : textAnswer('done')),
    registry,
    cwd: workspace.root,
    reader: streamReader,
    writer: messageWriter,
  });
}

function parsedArgs(args: string): unknown {
  try {
    return args === '' ? '' : JSON.parse(args);
  } catch {
    return args;
  }
}

let workspace: TestWorkspace;
beforeAll(async () => {
  workspace = await createTestWorkspace(FILES);
});
afterAll(() => workspace.cleanup());

describe('recorded-style streams from real kinds of providers', () => {
  it('has a case for every fixture file and a fixture for every case', async () => {
    expect(await listStreamFixtures()).toEqual(
      CASES.map((streamCase) => streamCase.fixture).sort(),
    );
  });

  describe.each(CASES)('$fixture ($provider)', (streamCase) => {
    it(streamCase.proves, async () => {
      const { run, results, requestBodies } = await playFixture(streamCase.fixture);
      expect(run.stopReason).toBe('done');

      const assistant = run.messages[2];
      expect(assistant?.role).toBe('assistant');
      const calls = assistant?.role === 'assistant' ? assistant.toolCalls : [];
      expect(calls.map((call) => ({ ...call, args: parsedArgs(call.args) }))).toEqual(
        streamCase.calls,
      );
      expect(results.map(({ ok, content }) => ({ ok, content }))).toEqual(streamCase.results);

      const expectedMessages: Message[] =
        streamCase.calls.length === 0
          ? [run.messages[0]!, run.messages[1]!, assistant!]
          : [
              run.messages[0]!,
              run.messages[1]!,
              assistant!,
              ...calls.map((call, position): Message => ({
                role: 'tool',
                toolCallId: call.id,
                content: streamCase.results[position]!.content,
              })),
              { role: 'assistant', content: 'done', toolCalls: [] },
            ];
      expect(run.messages).toEqual(expectedMessages);
      expect(requestBodies).toHaveLength(streamCase.calls.length === 0 ? 1 : 2);
      // The follow-up request carries exactly the conversation so far, in wire form.
      if (requestBodies.length === 2) {
        const sent = (requestBodies[1] as { messages: unknown }).messages;
        expect(sent).toEqual(JSON.parse(JSON.stringify(toChatMessages(run.messages.slice(0, -1)))));
      }
      expect(findMessageProblems({ messages: run.messages, requestBodies })).toEqual([]);
      expect(JSON.stringify(run.messages)).not.toContain(CANARY);
    });
  });
});
