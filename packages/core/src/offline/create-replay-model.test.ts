import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockModel } from './create-mock-model';
import { createRecorder } from './create-recorder';
import { createReplayModel } from './create-replay-model';
import type { Message } from '../protocol/message';
import type { ModelClient } from '../protocol/model-client';
import { readRecording } from './session-recording';
import type { ScriptStep } from './scripted-model';
import type { StreamEvent } from '../protocol/stream-event';
import { plainReader } from '../testing/plain-reader';
import { plainWriter } from '../testing/plain-writer';

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'core-replay-'));
});
afterAll(() => rm(scratch, { recursive: true, force: true }));

const STEPS: ScriptStep[] = [
  () => ({
    text: 'Two at once.',
    toolCalls: [
      { name: 'glob', args: '{"pattern":"**/*.js"}' },
      { name: 'grep', args: '{"pattern":"divide"}' },
    ],
  }),
  () => ({ text: 'The bug is in divide.' }),
];

/** Two turns of a conversation: the question, then the calls answered. */
const CONVERSATIONS: Message[][] = [
  [{ role: 'user', content: 'why?' }],
  [
    { role: 'user', content: 'why?' },
    {
      role: 'assistant',
      content: 'Two at once.',
      toolCalls: [
        { id: 'call_1_1', name: 'glob', args: '{"pattern":"**/*.js"}' },
        { id: 'call_1_2', name: 'grep', args: '{"pattern":"divide"}' },
      ],
    },
    { role: 'tool', toolCallId: 'call_1_1', content: 'src/calc.js' },
    { role: 'tool', toolCallId: 'call_1_2', content: 'src/calc.js:1:divide' },
  ],
];

async function playAll(model: ModelClient): Promise<StreamEvent[][]> {
  const turns: StreamEvent[][] = [];
  for (const messages of CONVERSATIONS) {
    const events: StreamEvent[] = [];
    for await (const event of model.stream({ messages, tools: [] })) events.push(event);
    turns.push(events);
  }
  return turns;
}

describe('recording and replaying a session', () => {
  it('replays a recorded session to the very same events, and the file holds no key', async () => {
    const file = join(scratch, 'session.jsonl');
    const recorder = createRecorder({
      file,
      header: { source: 'scripted model (MOCK=1), not a real endpoint', model: 'scripted' },
      secrets: ['sk-not-really'],
    });
    const mock = await createMockModel({
      reader: plainReader,
      writer: plainWriter,
      steps: STEPS,
      seed: 3,
      quirks: { indexBase: 1, interleave: true, headsOutOfOrder: true },
      onExchange: recorder.onExchange,
    });
    const live = await playAll(mock.model).finally(() => mock.close());

    const text = await readFile(file, 'utf8');
    expect(text).not.toContain('Bearer');
    const recording = readRecording(text);
    if (!recording.ok) throw new Error(recording.error);
    expect(recording.value.header.source).toContain('scripted model');
    expect(recording.value.turns.map((turn) => [turn.turn, turn.sawDone])).toEqual([
      [1, true],
      [2, true],
    ]);
    expect(recording.value.turns[1]?.request).toMatchObject({ messages: expect.any(Array) });

    for (const stream of [true, false]) {
      const replay = await createReplayModel({
        reader: plainReader,
        writer: plainWriter,
        recording: recording.value,
        stream,
      });
      const replayed = await playAll(replay.model).finally(() => replay.close());
      if (stream) expect(replayed).toEqual(live);
      // Without streaming, the text arrives whole but the calls and the finish are the same.
      else
        expect(replayed.map((events) => events.at(-1))).toEqual(
          live.map((events) => events.at(-1)),
        );
    }
  });

  it('replaces any copy of a secret in the requests', async () => {
    const file = join(scratch, 'secret.jsonl');
    const recorder = createRecorder({
      file,
      header: { source: 'test', model: 'm' },
      secrets: ['sk-live-123'],
    });
    recorder.onExchange({
      request: { messages: [{ role: 'user', content: 'my key is sk-live-123' }] },
      streamed: true,
      chunks: [],
      sawDone: true,
    });
    const text = await readFile(file, 'utf8');
    expect(text).not.toContain('sk-live-123');
    expect(text).toContain('my key is [redacted]');
  });

  it('says when a run asks for more turns than were recorded', async () => {
    const file = join(scratch, 'short.jsonl');
    const recorder = createRecorder({ file, header: { source: 'test', model: 'm' }, secrets: [] });
    const mock = await createMockModel({
      reader: plainReader,
      writer: plainWriter,
      steps: STEPS,
      onExchange: recorder.onExchange,
    });
    await playAll(mock.model).finally(() => mock.close());
    const recording = readRecording(
      (await readFile(file, 'utf8')).split('\n').slice(0, 2).join('\n'),
    );
    if (!recording.ok) throw new Error(recording.error);
    const replay = await createReplayModel({
      reader: plainReader,
      writer: plainWriter,
      recording: recording.value,
    });
    await expect(playAll(replay.model).finally(() => replay.close())).rejects.toThrow(
      'the recording has 1 turn and the run asked for turn 2; the run went another way than the recorded one',
    );
  });

  it.each([
    ['', 'the file is empty; make a recording with RECORD=path.jsonl pnpm start'],
    [
      '{"recording":"agent-course session","version":1,"source":"s","model":"m"}',
      'the recording has no turns',
    ],
    ['not json', 'line 1 is not JSON; a recording has one JSON object a line'],
    [
      '{"hello":1}',
      'line 1 is not a recording header; make the file with RECORD=path.jsonl pnpm start',
    ],
  ])('refuses a file that is not a recording: %j', async (text, error) => {
    const file = join(scratch, 'bad.jsonl');
    await writeFile(file, text);
    const read = readRecording(await readFile(file, 'utf8'));
    expect(read).toEqual({ ok: false, error: expect.stringContaining(error.split(';')[0]!) });
  });
});
