import { createOpenAIModel } from '../openai/create-openai-model';
import type { OpenAIModelOptions } from '../openai/create-openai-model';
import { createScriptedModel } from './scripted-model';
import type { ModelClient } from '../protocol/model-client';
import type { ScriptedModelOptions } from './scripted-model';
import { createInProcessFetch, IN_PROCESS_BASE_URL } from './create-in-process-fetch';
import { startLoopbackServer } from './loopback-server';

/** A scripted model reachable as a real client, plus the means to shut it down. */
export interface MockModel {
  /** A client that talks to the scripted model through the real SDK. */
  model: ModelClient;
  /** Stops the loopback server behind the client (nothing to stop in process). */
  close(): Promise<void>;
}

/** How the SDK reaches the scripted model. */
export type MockTransport = 'loopback' | 'in-process';

/** The scripted model's script and quirks, and how the client talks to it. */
export interface MockModelOptions
  extends
    ScriptedModelOptions,
    Pick<OpenAIModelOptions, 'stream' | 'onExchange' | 'reader' | 'writer'> {
  /**
   * `loopback` (the default): a server on 127.0.0.1, so the run crosses a real HTTP connection,
   * as `pnpm start` does. `in-process`: the same answers handed to the SDK without a socket
   * (`createInProcessFetch`), for the grader's many short runs in one process.
   */
  transport?: MockTransport;
}

/**
 * The offline model: a scripted model behind a loopback server, consumed through the very same
 * client as a real endpoint, so MOCK=1 exercises the SDK, SSE parsing and chunk conversion too.
 */
export async function createMockModel(options: MockModelOptions): Promise<MockModel> {
  const scripted = createScriptedModel(options);
  const respond = (body: unknown) => scripted.respond(body);
  const inProcess = options.transport === 'in-process';
  const server = inProcess ? undefined : await startLoopbackServer({ respond });
  // No retries: a scripted model answers the same way every time, so a retry only hides errors.
  const model = createOpenAIModel({
    apiKey: 'mock',
    baseURL: server?.baseURL ?? IN_PROCESS_BASE_URL,
    model: 'scripted',
    reader: options.reader,
    writer: options.writer,
    maxRetries: 0,
    stream: options.stream ?? true,
    ...(options.onExchange ? { onExchange: options.onExchange } : {}),
    ...(inProcess ? { fetch: createInProcessFetch({ respond }) } : {}),
  });
  return { model, close: async () => server?.close() };
}
