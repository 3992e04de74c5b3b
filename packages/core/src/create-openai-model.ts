import type OpenAI from 'openai';
import type { ModelClient } from './model-client';
import type { ModelConfig } from './model-config';
import { toChatMessages } from './to-chat-messages';
import { toChatTools } from './to-chat-tools';
import { toStreamEvents } from './to-stream-events';

/** Where the model lives and how hard the SDK retries. */
export interface OpenAIModelOptions extends ModelConfig {
  /** How many times the SDK retries a failed request; the SDK's default (2) when absent. */
  maxRetries?: number;
}

// Most importers of core never talk to a model, and the SDK costs ~150 ms to load: load it on first use.
let openAIModule: Promise<typeof import('openai')> | undefined;

/**
 * A model client for any OpenAI-compatible endpoint, streaming Chat Completions through the
 * official SDK. The raw chunk stream is used rather than the SDK's accumulating helper, because
 * that helper merges tool calls by assuming well-behaved indexes, which is exactly what this
 * course teaches you not to assume. A request or stream failure is thrown; callers catch it.
 */
export function createOpenAIModel(options: OpenAIModelOptions): ModelClient {
  let client: Promise<OpenAI> | undefined;
  return {
    async *stream({ messages, tools, signal }) {
      client ??= openClient(options);
      const openai = await client;
      const chunks = await openai.chat.completions.create(
        {
          model: options.model,
          messages: toChatMessages(messages),
          // Some endpoints reject `tools: []`, so an empty list is sent as no field at all.
          ...(tools.length === 0 ? {} : { tools: toChatTools(tools) }),
          stream: true,
        },
        { signal },
      );
      yield* toStreamEvents(chunks);
    },
  };
}

async function openClient(options: OpenAIModelOptions): Promise<OpenAI> {
  openAIModule ??= import('openai');
  const { default: OpenAISdk } = await openAIModule;
  return new OpenAISdk({
    apiKey: options.apiKey,
    baseURL: options.baseURL,
    ...(options.maxRetries === undefined ? {} : { maxRetries: options.maxRetries }),
  });
}
