import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streamReader } from '@agent-course/finished-d1';
import { messageWriter } from '@agent-course/finished-d2';
import { createScriptedModel } from '@agent-course/core/offline';
import { findMessageProblems } from '@agent-course/core';
import type { ScriptStep } from '@agent-course/core/offline';
import { CANARY, createTestWorkspace } from '@agent-course/workspace/testing';
import type { TestWorkspace } from '@agent-course/workspace/testing';
import { readOnlyTools } from './read-only-tools';
import { runAgent } from './run-agent';
import { createToolRegistry } from './tool-registry';
import { runAgentOnLoopback } from '@agent-course/core/testing';
import { findFeedbackGaps } from './feedback-rules';
import type { FeedbackRule } from './feedback-rules';

// What a model may send that the tools' schemas must catch, run through the registry as the agent
// would: each row gets a failed result that names the problem, never a throw. The paths, patterns
// and files that try to leave the working directory are the workspace package's attack table
// (attacks.test.ts there); the agent runs below meet a few of them through the whole loop.

const registry = createToolRegistry(readOnlyTools);
const BRACE_BOMB = '{a,b}'.repeat(16);
const BRACE_BOMB_REFUSAL =
  "the pattern's braces expand to 65,536 alternatives, more than 256; use fewer {a,b} groups, or several calls with one each";

let workspace: TestWorkspace;
beforeAll(async () => {
  workspace = await createTestWorkspace({
    'src/calc.js': 'export function divide(a, b) {\n  return a * b;\n}\n',
    'slow/backtrack.txt': `${'a'.repeat(40)}b\n`.repeat(25_000),
  });
  await workspace.link({ relativePath: 'links/out-dir', target: workspace.outside });
  await workspace.link({
    relativePath: 'links/out-file',
    target: `${workspace.outside}/canary.txt`,
  });
});
afterAll(() => workspace.cleanup());

/** One attack: what the model sends and what its failed result must name. */
interface Attack {
  /** What the row proves; the test's name. */
  proves: string;
  tool: string;
  /** The raw argument text; {ROOT} and {OUTSIDE} stand for the absolute folders. */
  args: string;
  /** What the feedback must contain, whatever its wording. */
  expected: FeedbackRule;
}

const notJson = (args: string): FeedbackRule => ({ failure: 'invalid JSON', args });
const schema = (field: string, expected: string): FeedbackRule => ({
  failure: 'schema violation',
  field,
  expected,
});

const ARGUMENT_ATTACKS: Attack[] = [
  {
    proves: 'invalid JSON is fed back with where it broke',
    tool: 'read_file',
    args: '{path: "src/calc.js"}',
    expected: notJson('{path: "src/calc.js"}'),
  },
  {
    proves: 'truncated JSON is fed back with where it broke',
    tool: 'read_file',
    args: '{"path":"src/ca',
    expected: notJson('{"path":"src/ca'),
  },
  {
    proves: 'a JSON array is refused as arguments',
    tool: 'read_file',
    args: '["src/calc.js"]',
    expected: schema('argument', 'object'),
  },
  {
    proves: 'a JSON string is refused as arguments',
    tool: 'read_file',
    args: '"src/calc.js"',
    expected: schema('argument', 'object'),
  },
  {
    proves: 'JSON null is refused as arguments',
    tool: 'read_file',
    args: 'null',
    expected: schema('argument', 'object'),
  },
  {
    proves: 'a wrong type names the field and the type expected',
    tool: 'read_file',
    args: '{"path":42}',
    expected: schema('path', 'string'),
  },
  {
    proves: 'an unknown property is named',
    tool: 'read_file',
    args: '{"path":"src/calc.js","encoding":"latin1"}',
    expected: schema('encoding', 'encoding'),
  },
  {
    proves: 'a negative limit is refused with the bound',
    tool: 'grep',
    args: '{"pattern":"x","limit":-5}',
    expected: schema('limit', '0'),
  },
  {
    proves: 'a zero limit is refused with the bound',
    tool: 'grep',
    args: '{"pattern":"x","limit":0}',
    expected: schema('limit', '0'),
  },
  {
    proves: 'a huge limit is refused with the maximum',
    tool: 'grep',
    args: '{"pattern":"x","limit":1000000000}',
    expected: schema('limit', '500'),
  },
  {
    proves: 'a huge read_file limit is refused with the maximum',
    tool: 'read_file',
    args: '{"path":"src/calc.js","limit":99999}',
    expected: schema('limit', '2000'),
  },
  {
    proves: 'a zero offset is refused with the bound',
    tool: 'read_file',
    args: '{"path":"src/calc.js","offset":0}',
    expected: schema('offset', '0'),
  },
];

/** Calls that try to leave the working directory, for the agent runs (the package checks each). */
const ESCAPES = [
  { name: 'read_file', args: '{"path":"../outside/canary.txt"}' },
  { name: 'read_file', args: '{"path":"links/out-file"}' },
  { name: 'read_file', args: '{"path":"{OUTSIDE}/canary.txt"}' },
  { name: 'glob', args: '{"pattern":"..{,}/outside/*"}' },
  { name: 'glob', args: '{"pattern":"links/out-dir/*"}' },
  { name: 'grep', args: '{"pattern":"CANARY","include":"{links/out-dir,x}/*"}' },
  { name: 'grep', args: '{"pattern":"CANARY"}' },
];

function fill(text: string): string {
  return text.replaceAll('{ROOT}', workspace.root).replaceAll('{OUTSIDE}', workspace.outside);
}

async function attack({ tool, args, expected }: Attack): Promise<void> {
  const result = await registry.execute(
    { id: 'call_attack', name: tool, args: fill(args) },
    workspace.context,
  );
  expect(result.ok).toBe(false);
  expect(findFeedbackGaps(expected, result.content)).toEqual([]);
  expect(result.content).not.toContain(CANARY);
}

describe('attacks through registry.execute', () => {
  for (const row of ARGUMENT_ATTACKS) it(row.proves, () => attack(row), 30_000);
});

/** Runs scripted turns through the loopback server and the real client. */
function runScripted(steps: ScriptStep[]) {
  const scripted = createScriptedModel({ seed: 3, quirks: { interleave: true }, steps });
  return runAgentOnLoopback({
    runAgent,
    respond: scripted.respond,
    registry,
    cwd: workspace.root,
    reader: streamReader,
    writer: messageWriter,
  });
}

describe('an agent run that meets every attack at once', () => {
  it('answers each call once, sends no meta and never the canary', async () => {
    const calls = [
      ...ARGUMENT_ATTACKS.map((row) => ({ name: row.tool, args: fill(row.args) })),
      ...ESCAPES.map((call) => ({ ...call, args: fill(call.args) })),
    ];
    // A result long enough to be cut, so it carries meta that must stay on this side.
    calls.push({ name: 'read_file', args: '{"path":"slow/backtrack.txt","limit":2000}' });
    const { run, results, requestBodies } = await runScripted([
      () => ({ toolCalls: calls }),
      () => ({ text: 'done' }),
    ]);
    expect(run.stopReason).toBe('done');
    expect(results).toHaveLength(calls.length);
    expect(results.some((result) => result.meta?.truncated)).toBe(true);
    expect(findMessageProblems({ messages: run.messages, requestBodies })).toEqual([]);
    expect(JSON.stringify(requestBodies)).not.toContain(CANARY);
  }, 60_000);
});

describe('an agent run that meets a brace bomb', () => {
  it('feeds back a failed result and carries on with the other calls and the next turn', async () => {
    const { run, results, requestBodies } = await runScripted([
      () => ({
        toolCalls: [
          { name: 'grep', args: JSON.stringify({ pattern: 'x', include: BRACE_BOMB }) },
          { name: 'read_file', args: '{"path":"src/calc.js"}' },
          { name: 'read_file', args: '{"path":"links/out-file"}' },
        ],
      }),
      () => ({ text: 'divide multiplies.' }),
    ]);
    expect(run.stopReason).toBe('done');
    expect(results.map((result) => result.ok)).toEqual([false, true, false]);
    expect(results[0]!.content).toBe(BRACE_BOMB_REFUSAL);
    expect(results[1]!.content).toContain('2:   return a * b;');
    expect(run.messages.at(-1)).toEqual({
      role: 'assistant',
      content: 'divide multiplies.',
      toolCalls: [],
    });
    expect(findMessageProblems({ messages: run.messages, requestBodies })).toEqual([]);
    expect(JSON.stringify(requestBodies)).not.toContain(CANARY);
  }, 30_000);
});
