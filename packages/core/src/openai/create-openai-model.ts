import type OpenAI from 'openai';
import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import { completionToChunks } from './completion-to-chunks';
import { createNoticeQueue } from './create-notice-queue';
import { createWireTap } from './create-wire-tap';
import type { ModelClient } from '../protocol/model-client';
import type { ModelConfig } from './read-model-config';
import type { FinishEvent, StreamEvent } from '../protocol/stream-event';
import type { MessageWriter } from './message-writer';
import type { StreamReader } from './stream-reader';
import { toChatTools } from './to-chat-tools';
import type { WireExchange } from './create-wire-tap';

/** Where the SDK sends requests when no base URL is set. */
const DEFAULT_BASE_URL = 'https://api.openai.com/v1';
/** The SDK's own default number of retries. */
const SDK_DEFAULT_MAX_RETRIES = 2;
/** The longest notice quoted from the SDK's log; a bad chunk can be any length. */
const MAX_SDK_NOTICE_CHARS = 300;

/** Where the model lives, how hard the SDK retries, how the answer travels and is read. */
export interface OpenAIModelOptions extends ModelConfig {
  /**
   * Turns the chunks into events and a failure into words: day 1's code, the student's on day 1
   * and `@agent-course/finished-d1`'s on every later day.
   */
  reader: StreamReader;
  /**
   * Writes the conversation in the API's shapes: day 2's code on every later day
   * (`@agent-course/finished-d2`), `questionWriter` on day 1, which sends one question.
   */
  writer: MessageWriter;
  /** How many times the SDK retries a failed request; the SDK's default (2) when absent. */
  maxRetries?: number;
  /**
   * False asks for the whole answer at once instead of a stream, for endpoints that only answer
   * tool calls that way; it is converted into the same events. Default true.
   */
  stream?: boolean;
  /** Receives each answered request as it crossed the wire (RECORD and `pnpm probe` use it). */
  onExchange?: (exchange: WireExchange) => void;
  /** Where requests go instead of the network, e.g. the offline model's in-process fetch. */
  fetch?: typeof fetch;
}

// Most importers of core never talk to a model, and the SDK is slow to load: load it on first use.
let openAIModule: Promise<typeof import('openai')> | undefined;

/**
 * A model client for any OpenAI-compatible endpoint, streaming Chat Completions through the
 * official SDK. The raw chunk stream is used rather than the SDK's accumulating helper, because
 * that helper merges tool calls by assuming well-behaved indexes, which is exactly what this
 * course teaches you not to assume. A failed request or stream is thrown as an Error carrying the
 * reader's explanation (a cancelled one as the SDK's abort error); callers catch it.
 * What the SDK would print (a retry, a chunk it cannot parse) becomes a notice event instead,
 * so it never lands in the middle of the streamed answer.
 */
export function createOpenAIModel(options: OpenAIModelOptions): ModelClient {
  let client: Promise<OpenAI> | undefined;
  const maxRetries = options.maxRetries ?? SDK_DEFAULT_MAX_RETRIES;
  const endpoint = displayURL(options.baseURL ?? DEFAULT_BASE_URL);
  const streaming = options.stream ?? true;
  return {
    async *stream({ messages, tools, signal }) {
      client ??= openClient(options);
      const notices = createNoticeQueue();
      const tap = createWireTap({
        maxRetries,
        onNotice: notices.push,
        ...(options.fetch ? { fetch: options.fetch } : {}),
      });
      const openai = (await client).withOptions({
        fetch: tap.fetch,
        logger: toNoticeLogger(notices.push),
        logLevel: 'warn',
      });
      // Written before the call: a writer that throws has a bug to show, not a failed call.
      const body = {
        model: options.model,
        messages: options.writer.toChatMessages(messages),
        // Some endpoints reject `tools: []`, so an empty list is sent as no field at all.
        ...(tools.length === 0 ? {} : { tools: toChatTools(tools) }),
      };
      // The SDK adds an abort listener to the signal it is given and never removes it, so one
      // run-long signal would collect a listener per request. Each request gets its own signal.
      const request = linkSignal(signal);
      // Once the reader reads the stream, what is thrown may be the SDK's (the call failed) or
      // the reader's own: the chunks it is handed note what the SDK threw, to tell them apart.
      let reading = false;
      let sdkThrew: { error: unknown } | undefined;
      async function* watched(chunks: AsyncIterable<ChatCompletionChunk>) {
        try {
          yield* chunks;
        } catch (error) {
          sdkThrew = { error };
          throw error;
        }
      }
      const readerThrew = (error: unknown) => reading && sdkThrew?.error !== error;
      let reported = false;
      const report = () => {
        const exchange = tap.exchange();
        if (exchange && !reported) options.onExchange?.(exchange);
        reported = true;
        return exchange;
      };
      try {
        // Without it OpenAI sends no usage in a stream; endpoints that always send it ignore it.
        const streamOptions = { stream_options: { include_usage: true } };
        const sdkOptions = { signal: request.signal };
        const chunks: AsyncIterable<ChatCompletionChunk> = yield* notices.until(
          streaming
            ? openai.chat.completions.create(
                { ...body, ...streamOptions, stream: true },
                sdkOptions,
              )
            : openai.chat.completions
                .create({ ...body, stream: false }, sdkOptions)
                .then((completion) => toAsyncIterable(completionToChunks(completion))),
        );
        let finish: FinishEvent = { type: 'finish', finishReason: 'unknown' };
        reading = true;
        for await (const event of options.reader.toStreamEvents(watched(chunks))) {
          yield* notices.drain();
          if (event.type === 'finish') finish = event;
          else yield checkedText(event);
        }
        yield* notices.drain();
        const exchange = report();
        const cut =
          streaming &&
          finish.finishReason === 'unknown' &&
          exchange?.sawDone === false &&
          !request.signal.aborted;
        if (cut) {
          yield {
            type: 'notice',
            message: `the stream from ${endpoint} ended with no finish reason and no [DONE]: the connection was probably cut, so this answer may be incomplete`,
          };
          yield { ...finish, incomplete: true };
        } else {
          yield finish;
        }
      } catch (error) {
        yield* notices.drain();
        report();
        // A throw of the reader's own code is a bug to find, not a failed call to explain.
        if (readerThrew(error)) throw error;
        throw await explainFailure({
          error,
          endpoint,
          reader: options.reader,
          apiKey: options.apiKey,
        });
      } finally {
        request.unlink();
      }
    },
  };
}

async function openClient(options: OpenAIModelOptions): Promise<OpenAI> {
  const { default: OpenAISdk } = await loadSdk();
  return new OpenAISdk({
    apiKey: options.apiKey,
    baseURL: options.baseURL,
    ...(options.maxRetries === undefined ? {} : { maxRetries: options.maxRetries }),
  });
}

function loadSdk(): Promise<typeof import('openai')> {
  openAIModule ??= import('openai');
  return openAIModule;
}

/** A signal for one request that follows the run's signal until `unlink` detaches it. */
function linkSignal(runSignal: AbortSignal | undefined): {
  signal: AbortSignal;
  unlink(): void;
} {
  const controller = new AbortController();
  const forward = () => controller.abort(runSignal?.reason);
  if (runSignal?.aborted) forward();
  else runSignal?.addEventListener('abort', forward, { once: true });
  return {
    signal: controller.signal,
    unlink: () => runSignal?.removeEventListener('abort', forward),
  };
}

/** The SDK's logger, turned into notices; only warnings and errors get through. */
function toNoticeLogger(push: (message: string) => void) {
  const toNotice = (...args: unknown[]) => {
    const text = args
      .map((part) => (typeof part === 'string' ? part : JSON.stringify(part)))
      .join(' ')
      .replace(/\s+/g, ' ')
      .trim();
    const clipped =
      text.length > MAX_SDK_NOTICE_CHARS ? `${text.slice(0, MAX_SDK_NOTICE_CHARS - 1)}…` : text;
    push(`the SDK reported: ${clipped}`);
  };
  const ignore = () => {};
  return { error: toNotice, warn: toNotice, info: ignore, debug: ignore };
}

/** A cancelled call as the SDK threw it, so callers see the abort; any other in the reader's words. */
async function explainFailure(options: {
  error: unknown;
  endpoint: string;
  reader: StreamReader;
  apiKey: string;
}): Promise<unknown> {
  const { error, endpoint, reader, apiKey } = options;
  const sdk = await loadSdk();
  if (error instanceof sdk.APIUserAbortError) return error;
  const message = reader.explainFailure({ error, endpoint });
  // A server or proxy may echo the key in its error body, and a reader may quote that body.
  const masked = apiKey === '' ? message : message.split(apiKey).join('[the OPENAI_API_KEY value]');
  return new Error(masked, { cause: error });
}

/** The URL without credentials or query, fit to print. */
function displayURL(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.username = '';
    parsed.password = '';
    parsed.search = '';
    return parsed.toString().replace(/\/$/, '');
  } catch {
    return url;
  }
}

/**
 * A text event as a reader gave it, refused when its text is not a string: every later step (the
 * terminal, the history) would fail on it somewhere far from the reader that made it.
 */
function checkedText(event: StreamEvent): StreamEvent {
  if (event.type !== 'text-delta' || typeof event.text === 'string') return event;
  const text: unknown = event.text;
  throw new TypeError(
    `toStreamEvents gave a text-delta whose text is ${text === null ? 'null' : typeof text}; give one only for content that is a non-empty string`,
  );
}

async function* toAsyncIterable<T>(items: T[]): AsyncGenerator<T> {
  yield* items;
}
