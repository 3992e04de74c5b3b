import { createOpenAIModel } from '../openai/create-openai-model';
import type { OpenAIModelOptions } from '../openai/create-openai-model';
import { createScriptedModel } from './scripted-model';
import type { ModelClient } from '../protocol/model-client';
import type { ScriptedModelOptions } from './scripted-model';
import { startLoopbackServer } from './loopback-server';

/** A scripted model reachable as a real client, plus the means to shut it down. */
export interface MockModel {
  /** A client that talks to the scripted model through the real SDK. */
  model: ModelClient;
  /** Stops the loopback server behind the client. */
  close(): Promise<void>;
}

/** The scripted model's script and quirks, and how the client talks to it. */
export interface MockModelOptions
  extends ScriptedModelOptions, Pick<OpenAIModelOptions, 'stream' | 'onExchange'> {}

/**
 * The offline model: a scripted model behind a loopback server, consumed through the very same
 * client as a real endpoint, so MOCK=1 exercises the SDK, SSE parsing and chunk conversion too.
 */
export async function createMockModel(options: MockModelOptions): Promise<MockModel> {
  const scripted = createScriptedModel(options);
  const server = await startLoopbackServer({ respond: (body) => scripted.respond(body) });
  // No retries: a scripted model answers the same way every time, so a retry only hides errors.
  const model = createOpenAIModel({
    apiKey: 'mock',
    baseURL: server.baseURL,
    model: 'scripted',
    maxRetries: 0,
    stream: options.stream ?? true,
    ...(options.onExchange ? { onExchange: options.onExchange } : {}),
  });
  return { model, close: () => server.close() };
}
