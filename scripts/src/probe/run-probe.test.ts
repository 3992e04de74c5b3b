import { afterEach, describe, expect, it } from 'vitest';
import { createScriptedModel, startLoopbackServer } from '@agent-course/core/offline';
import type { LoopbackServer, LoopbackServerOptions } from '@agent-course/core/offline';
import { renderProbeTable } from './render-probe-table';
import { runProbe } from './run-probe';
import { summarizeTolerances } from './summarize-tolerances';

let server: LoopbackServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function probe(respond: LoopbackServerOptions['respond'], runs: number) {
  server = await startLoopbackServer({ respond });
  return runProbe({
    endpoint: { apiKey: 'sk-probe-secret', baseURL: server.baseURL, model: 'm', maxRetries: 0 },
    runs,
  });
}

const chunk = (delta: object, finishReason: string | null = null, extra: object = {}) => ({
  id: 'chatcmpl-p',
  object: 'chat.completion.chunk',
  created: 1,
  model: 'm',
  choices: [{ index: 0, delta, finish_reason: finishReason }],
  ...extra,
});

describe('runProbe against a loopback server', () => {
  it('sees the index start at 1 on one run and at 0 on the next, and says what that demands', async () => {
    const calls = {
      toolCalls: [
        { name: 'glob', args: '{"pattern":"**/*.ts"}' },
        { name: 'grep', args: '{"pattern":"TODO"}' },
      ],
    };
    const [fromOne, fromZero] = [1, 0].map((indexBase) =>
      createScriptedModel({
        steps: [() => calls],
        quirks: { indexBase, minFragments: 3, maxFragments: 3 },
      }),
    );
    let requests = 0;
    const runs = await probe((body) => (requests++ === 0 ? fromOne! : fromZero!).respond(body), 2);
    expect(runs.map((run) => [run.run, run.indexBase, run.calls, run.fragmentsPerCall])).toEqual([
      [1, 1, 2, [3, 3]],
      [2, 0, 2, [3, 3]],
    ]);
    expect(
      runs.map((run) => [run.ids, run.names, run.interleaved, run.finishReasons, run.sawDone]),
    ).toEqual([
      ['once', 'once', false, ['tool_calls'], true],
      ['once', 'once', false, ['tool_calls'], true],
    ]);
    const table = renderProbeTable(runs);
    expect(table[0]).toMatch(/^run {2}index base {2}calls {2}ids {3}names {2}fragments per call/);
    expect(table.slice(2).map((row) => row.split(/\s{2,}/).slice(0, 6))).toEqual([
      ['1', '1', '2', 'once', 'once', '3, 3'],
      ['2', '0', '2', 'once', 'once', '3, 3'],
    ]);
    expect(summarizeTolerances(runs)).toEqual([
      'the same question started the index at 1 in run 1 and at 0 in run 2: key calls by index in a Map, never by position in an array.',
      // The client asks for usage, which the scripted model, as OpenAI, sends on a chunk of its own.
      'chunks with usage or without any choice arrived (runs 1, 2): skip a chunk that has no choice.',
      'What one gateway did in these runs is no promise for the next: the accumulator should tolerate all of the above anyway.',
    ]);
  });

  it('notices every habit of an awkward gateway in the raw chunks', async () => {
    const head = (index: number, id: string, name: string) => ({
      index,
      id,
      type: 'function',
      function: { name, arguments: '' },
    });
    const runs = await probe(
      () => ({
        chunks: [
          chunk({ role: 'assistant', content: '' }, ''),
          chunk({ tool_calls: [head(0, 'a', 'glob')] }, ''),
          chunk({ tool_calls: [head(1, 'b', 'grep')] }),
          chunk({
            tool_calls: [
              { index: 0, id: 'a', function: { name: 'glob', arguments: '{"pattern":"x"}' } },
            ],
          }),
          chunk({ tool_calls: [{ index: 1, function: { arguments: { pattern: 'TODO' } } }] }),
          chunk({}, 'stop'),
          {
            ...chunk({}),
            choices: [],
            usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
          },
        ],
        done: false,
      }),
      1,
    );
    expect(runs[0]).toMatchObject({
      indexBase: 0,
      calls: 2,
      ids: 'repeated',
      names: 'repeated',
      fragmentsPerCall: [2, 2],
      interleaved: true,
      finishReasons: ['', '', 'stop'],
      stopWithCalls: true,
      usageChunks: 1,
      objectArguments: true,
      sawDone: false,
    });
    const summary = summarizeTolerances(runs);
    expect(summary.map((line) => line.split(/ \(runs? /)[0]!.split(':')[0])).toEqual([
      'fragments of parallel calls arrived interleaved',
      'ids or names came in more than one fragment',
      '"" arrived as a finish reason before the real one',
      'a turn with calls ended with finish reason stop',
      'chunks with usage or without any choice arrived',
      'arguments arrived as a JSON object, not text',
      'streams ended without [DONE]',
      'What one gateway did in these runs is no promise for the next',
    ]);
    expect(renderProbeTable(runs)[2]).toContain('"" "" stop (stop with calls)');
  });

  it('keeps a failed run with its error and tells how to read a probe without calls', async () => {
    const runs = await probe(() => ({ status: 404 }), 1);
    // In day 1's words, which the probe runs on as the agent does.
    expect(runs[0]?.error).toMatch(/^the model endpoint at \S+ answered 404: /);
    expect(renderProbeTable(runs)[2]).toMatch(/^1 +failed: the model endpoint at \S+ answered 404/);
    expect(summarizeTolerances(runs)[0]).toMatch(/^No run sent a tool call/);
  });
});
