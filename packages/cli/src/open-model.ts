import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { createOpenAIModel, readModelConfig } from '@agent-course/core';
import type { MessageWriter, ModelClient, StreamReader } from '@agent-course/core';
import {
  createMockModel,
  createRecorder,
  createReplayModel,
  readRecording,
} from '@agent-course/core/offline';
import type { MockTransport, Recorder, Scenario } from '@agent-course/core/offline';

/** A model ready to use, and how to release what it holds. */
export interface OpenModel {
  /** The model to stream turns from. */
  client: ModelClient;
  /** Stops the loopback server of the offline model; nothing to do for a real endpoint. */
  close(): Promise<void>;
}

type Opened = { ok: true; value: OpenModel } | { ok: false; error: string };

/**
 * The scenario's scripted model behind the loopback server when MOCK=1, a recorded session when
 * REPLAY names one, otherwise the endpoint the environment names. RECORD keeps every turn's
 * chunks in a file; STREAM=0 asks without streaming.
 */
export async function openModel({
  env,
  inject,
  scenario,
  reader,
  writer,
  mockTransport,
}: {
  env: NodeJS.ProcessEnv;
  /** A trouble the scenario knows, already checked against its injections. */
  inject?: string;
  scenario: Scenario;
  /** How every model below reads its stream and words its failures: the day's. */
  reader: StreamReader;
  /** How every model below writes its requests: the day's. */
  writer: MessageWriter;
  /** How MOCK=1 reaches the scripted model; a loopback server when absent. */
  mockTransport?: MockTransport;
}): Promise<Opened> {
  if (env.STREAM !== undefined && env.STREAM !== '0' && env.STREAM !== '1') {
    return {
      ok: false,
      error: `STREAM=${env.STREAM} is not known; set STREAM=0 to ask without streaming.`,
    };
  }
  const stream = env.STREAM !== '0';
  // pnpm runs the script inside the package; a relative path means relative to where the person typed.
  const invokedFrom = env.INIT_CWD ?? process.cwd();
  const replayFile = env.REPLAY?.trim() || undefined;
  const recordFile = env.RECORD?.trim() || undefined;

  if (replayFile) {
    if (env.MOCK === '1')
      return {
        ok: false,
        error: 'REPLAY plays a recording instead of the scripted model; drop MOCK=1 or REPLAY.',
      };
    if (inject)
      return {
        ok: false,
        error: 'INJECT only works with the scripted model (MOCK=1), not with REPLAY.',
      };
    if (recordFile)
      return {
        ok: false,
        error: 'RECORD and REPLAY cannot be combined; copy the file to keep a second one.',
      };
    return openReplay({
      file: resolve(invokedFrom, replayFile),
      shown: replayFile,
      stream,
      reader,
      writer,
    });
  }

  let recorder: Recorder | undefined;
  const record = (header: { source: string; model: string }, secrets: string[]) => {
    if (!recordFile) return { ok: true as const };
    try {
      recorder = createRecorder({ file: resolve(invokedFrom, recordFile), header, secrets });
      return { ok: true as const };
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'an error';
      return {
        ok: false as const,
        error: `RECORD=${recordFile}: the file cannot be written (${code}); name a file in a folder that exists.`,
      };
    }
  };

  if (env.MOCK === '1') {
    const recording = record(
      {
        source: `scripted model (MOCK=1${inject ? ` INJECT=${inject}` : ''}), not a real endpoint`,
        model: 'scripted',
      },
      [],
    );
    if (!recording.ok) return recording;
    const mock = await createMockModel({
      steps: scenario.steps(inject),
      seed: scenario.seed,
      quirks: scenario.quirks,
      reader,
      writer,
      stream,
      ...(recorder ? { onExchange: recorder.onExchange } : {}),
      ...(mockTransport ? { transport: mockTransport } : {}),
    });
    return { ok: true, value: { client: mock.model, close: mock.close } };
  }
  if (inject) return { ok: false, error: 'INJECT only works with the offline model; add MOCK=1.' };
  const config = readModelConfig(env);
  if (!config.ok) return config;
  const recording = record(
    { source: `endpoint ${describeHost(config.value.baseURL)}`, model: config.value.model },
    [config.value.apiKey],
  );
  if (!recording.ok) return recording;
  const client = createOpenAIModel({
    ...config.value,
    reader,
    writer,
    stream,
    ...(recorder ? { onExchange: recorder.onExchange } : {}),
  });
  return { ok: true, value: { client, close: async () => {} } };
}

async function openReplay(options: {
  file: string;
  shown: string;
  stream: boolean;
  reader: StreamReader;
  writer: MessageWriter;
}): Promise<Opened> {
  let text: string;
  try {
    text = await readFile(options.file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === 'ENOENT' ? 'no such file' : `it cannot be read (${code ?? 'an error'})`;
    return {
      ok: false,
      error: `REPLAY=${options.shown}: ${reason}; name a file made with RECORD=path.jsonl.`,
    };
  }
  const recording = readRecording(text);
  if (!recording.ok) return { ok: false, error: `REPLAY=${options.shown}: ${recording.error}.` };
  const replay = await createReplayModel({
    recording: recording.value,
    stream: options.stream,
    reader: options.reader,
    writer: options.writer,
  });
  return { ok: true, value: { client: replay.model, close: replay.close } };
}

/** The endpoint's host for the recording's header, never its credentials or path. */
function describeHost(baseURL: string | undefined): string {
  if (baseURL === undefined) return 'api.openai.com';
  try {
    return new URL(baseURL).host;
  } catch {
    return 'at OPENAI_BASE_URL';
  }
}
