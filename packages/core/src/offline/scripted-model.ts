import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import { mulberry32 } from '../mulberry32';
import type { Message } from '../protocol/message';
import { findMessageProblems } from '../protocol/find-message-problems';
import { parseChatRequest } from './parse-chat-request';
import { RefusedRequest } from './refused-request';
import { renderScriptedTurn } from './render-scripted-turn';

/** The limits and fixed values of the scripted model, in one place. */

/** The seed used when a script gives none. */
export const DEFAULT_SCRIPT_SEED = 1;
/** The fewest fragments a tool call is streamed in, its head included. */
export const DEFAULT_MIN_FRAGMENTS = 6;
/** The most fragments a tool call is streamed in, its head included. */
export const DEFAULT_MAX_FRAGMENTS = 12;
/** How many words of text each text chunk carries. */
export const WORDS_PER_TEXT_CHUNK = 3;
/** The `created` stamp of every chunk (2026-01-01T00:00:00Z); fixed so output is reproducible. */
export const SCRIPTED_CREATED = 1767225600;
/** The `model` field of every chunk. */
export const SCRIPTED_MODEL_NAME = 'scripted';
/** The scripted model's token: this many characters, counted up, like a rough real tokenizer. */
export const CHARS_PER_SCRIPTED_TOKEN = 4;

/** One tool call a scripted turn makes. */
export interface ScriptedToolCall {
  /** The tool's name, sent as written, so a script can call a tool that does not exist. */
  name: string;
  /** The arguments' JSON text, sent as written, so a script can send invalid JSON. */
  args: string;
  /** The call's id; `call_<turn>_<n>` (both counted from 1) when absent. */
  id?: string;
}

/** What the scripted model says in one turn: text first, then its tool calls. */
export interface ScriptedTurn {
  /** The text to stream; none when absent. */
  text?: string;
  /** The calls to stream; a turn with calls ends with the tool-turn finish reason. */
  toolCalls?: ScriptedToolCall[];
  /**
   * How the turn ends instead of its usual finish reason: `length` as an answer cut at the token
   * limit, `none` as a stream that stops without any finish reason.
   */
  ending?: 'length' | 'none';
}

/**
 * Decides one scripted turn. It receives the request's conversation, converted back to core
 * messages, so it can react to what it was fed back (an error, a file's content).
 */
export type ScriptStep = (conversation: Message[]) => ScriptedTurn;

/** The ways a real provider's stream is awkward, each one switchable for the scripted model. */
export interface StreamQuirks {
  /** The index of a turn's first tool call; real providers were seen using 0 and 1. Default 0. */
  indexBase?: number;
  /** Parallel calls' fragments alternate instead of arriving one call after the other. */
  interleave?: boolean;
  /** Calls start in reverse order: the last call's head arrives before the first call's. */
  headsOutOfOrder?: boolean;
  /** The fewest fragments a call is sent in, its head included. Default 6. */
  minFragments?: number;
  /** The most fragments a call is sent in, its head included. Default 12. */
  maxFragments?: number;
  /** The finish reason of a turn with tool calls; some models say `stop`. Default `tool_calls`. */
  toolTurnFinishReason?: 'tool_calls' | 'stop';
  /** Fragments carry no `index` field at all; cannot be combined with `interleave`. */
  omitIndex?: boolean;
}

/** What a scripted model plays and how its stream misbehaves. */
export interface ScriptedModelOptions {
  /** One step per turn; turn N (counted from 1) is the request with N - 1 assistant messages. */
  steps: ScriptStep[];
  /** Seeds where fragments are split; the same seed gives the same chunks. Default 1. */
  seed?: number;
  /** The provider habits to imitate. */
  quirks?: StreamQuirks;
}

/** A deterministic stand-in for a Chat Completions endpoint. */
export interface ScriptedModel {
  /**
   * Answers one request body with the chunks a streaming endpoint would send. Throws a
   * RefusedRequest when the body is not a chat request or its conversation breaks the rules of
   * findMessageProblems, and an Error when the script has no step for the turn asked for.
   */
  respond(body: unknown): ChatCompletionChunk[];
}

/**
 * A model that plays a script instead of thinking. It keeps no state between requests: the turn
 * is read from the conversation (one more than the assistant messages in it), and each turn's
 * random splits are seeded from the seed and the turn number. So the same script, seed and
 * conversation always give the same chunks, whatever was asked before.
 */
export function createScriptedModel(options: ScriptedModelOptions): ScriptedModel {
  const quirks = options.quirks ?? {};
  const problem = findQuirkProblem(quirks);
  if (problem) throw new Error(problem);
  const seed = options.seed ?? DEFAULT_SCRIPT_SEED;
  return {
    respond(body) {
      const request = parseChatRequest(body);
      if (!request.ok) throw new RefusedRequest(request.error);
      // What every endpoint refuses, refused here too: offline is no place to learn it late.
      const problems = findMessageProblems({ messages: request.messages });
      if (problems.length > 0) {
        throw new RefusedRequest(
          `the conversation breaks the rules every endpoint holds it to: ${problems.join('; ')}`,
        );
      }
      const turnNumber =
        request.messages.filter((message) => message.role === 'assistant').length + 1;
      const step = options.steps[turnNumber - 1];
      if (!step) {
        throw new Error(
          `the scripted model has no step for turn ${turnNumber}; its script has ${options.steps.length} step${options.steps.length === 1 ? '' : 's'}, so the offline script ran out: the run took more turns than the script plans, usually because a tool call kept failing (an edit refused every time, a tool not written yet); the results above say why`,
        );
      }
      const turn = step(request.messages);
      const chunks = renderScriptedTurn({
        turn,
        turnNumber,
        // Mixing the turn number in keeps turn 3 identical whether or not turns 1 and 2 were replayed.
        random: mulberry32(seed ^ Math.imul(turnNumber, 0x9e3779b1)),
        quirks,
      });
      if (!sendsUsage(body) || turn.ending === 'none') return chunks;
      return [...chunks, usageChunk({ turn, turnNumber, messages: request.messages })];
    },
  };
}

/** As OpenAI does: a whole answer always carries its usage, a stream only when asked for it. */
function sendsUsage(body: unknown): boolean {
  const request = body as { stream?: unknown; stream_options?: { include_usage?: unknown } };
  return request.stream !== true || request.stream_options?.include_usage === true;
}

/** The chunk with no choice that ends a stream asked for usage, counted in scripted tokens. */
function usageChunk(options: {
  turn: ScriptedTurn;
  turnNumber: number;
  messages: Message[];
}): ChatCompletionChunk {
  const { turn, turnNumber, messages } = options;
  const tokens = (chars: number) => Math.ceil(chars / CHARS_PER_SCRIPTED_TOKEN);
  const prompt = tokens(messages.reduce((sum, message) => sum + message.content.length, 0));
  const answerChars = (turn.text ?? '').length;
  const callChars = (turn.toolCalls ?? []).reduce(
    (sum, call) => sum + call.name.length + call.args.length,
    0,
  );
  const completion = tokens(answerChars + callChars);
  return {
    id: `chatcmpl-scripted-${turnNumber}`,
    object: 'chat.completion.chunk',
    created: SCRIPTED_CREATED,
    model: SCRIPTED_MODEL_NAME,
    choices: [],
    usage: {
      prompt_tokens: prompt,
      completion_tokens: completion,
      total_tokens: prompt + completion,
    },
  };
}

function findQuirkProblem(quirks: StreamQuirks): string | undefined {
  const min = quirks.minFragments ?? DEFAULT_MIN_FRAGMENTS;
  const max = quirks.maxFragments ?? DEFAULT_MAX_FRAGMENTS;
  if (!Number.isInteger(min) || !Number.isInteger(max) || min < 2 || max < min) {
    return `minFragments and maxFragments must be whole numbers with 2 <= minFragments <= maxFragments (got ${min} and ${max}); a call needs its head plus at least one argument piece`;
  }
  if (quirks.omitIndex && quirks.interleave) {
    return 'omitIndex and interleave cannot be combined: without an index nothing can tell interleaved fragments apart; drop one of them';
  }
  return undefined;
}
