import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import {
  DEFAULT_MAX_FRAGMENTS,
  DEFAULT_MIN_FRAGMENTS,
  SCRIPTED_CREATED,
  SCRIPTED_MODEL_NAME,
  WORDS_PER_TEXT_CHUNK,
} from './scripted-model';
import type { ScriptedTurn } from './scripted-model';
import { splitText } from './split-text';
import type { StreamQuirks } from './scripted-model';

type WireFragment = ChatCompletionChunk.Choice.Delta.ToolCall;
type WireDelta = ChatCompletionChunk.Choice.Delta;

/**
 * Renders one scripted turn as the chunks a streaming Chat Completions endpoint sends: a role
 * chunk, the text a few words at a time, each tool call as a head (id, name) followed by argument
 * pieces, then one chunk with the finish reason.
 */
export function renderScriptedTurn(options: {
  turn: ScriptedTurn;
  /** The turn's number, counted from 1; used in generated ids. */
  turnNumber: number;
  random: () => number;
  quirks: StreamQuirks;
}): ChatCompletionChunk[] {
  const { turn, turnNumber, random, quirks } = options;
  const chunk = (delta: WireDelta, finishReason: 'stop' | 'tool_calls' | 'length' | null = null) =>
    ({
      id: `chatcmpl-scripted-${turnNumber}`,
      object: 'chat.completion.chunk',
      created: SCRIPTED_CREATED,
      model: SCRIPTED_MODEL_NAME,
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
    }) satisfies ChatCompletionChunk;

  const chunks = [chunk({ role: 'assistant', content: '' })];
  for (const piece of splitWords(turn.text ?? '')) chunks.push(chunk({ content: piece }));

  const calls = turn.toolCalls ?? [];
  const queues = calls.map((call, position) =>
    fragmentsOfCall({
      index: (quirks.indexBase ?? 0) + position,
      id: call.id ?? `call_${turnNumber}_${position + 1}`,
      name: call.name,
      args: call.args,
      random,
      quirks,
    }),
  );
  if (quirks.headsOutOfOrder) queues.reverse();
  const ordered = quirks.interleave ? roundRobin(queues) : queues.flat();
  for (const fragment of ordered) chunks.push(chunk({ tool_calls: [fragment] }));

  if (turn.ending === 'none') return chunks;
  const usual = calls.length === 0 ? 'stop' : (quirks.toolTurnFinishReason ?? 'tool_calls');
  chunks.push(chunk({}, turn.ending ?? usual));
  return chunks;
}

/** A call as its head (id and name only here, as real providers do) and its argument pieces. */
function fragmentsOfCall(options: {
  index: number;
  id: string;
  name: string;
  args: string;
  random: () => number;
  quirks: StreamQuirks;
}): WireFragment[] {
  const { index, id, name, args, random, quirks } = options;
  const min = quirks.minFragments ?? DEFAULT_MIN_FRAGMENTS;
  const max = quirks.maxFragments ?? DEFAULT_MAX_FRAGMENTS;
  const fragmentCount = min + Math.floor(random() * (max - min + 1));
  // The wire type requires `index`; the omitIndex quirk deliberately breaks that promise.
  const withIndex = (fragment: Omit<WireFragment, 'index'>) =>
    (quirks.omitIndex ? fragment : { index, ...fragment }) as WireFragment;
  const head = withIndex({ id, type: 'function', function: { name, arguments: '' } });
  const pieces = splitText({ text: args, pieces: fragmentCount - 1, random });
  return [head, ...pieces.map((piece) => withIndex({ function: { arguments: piece } }))];
}

/** Takes one fragment from each call in turn until all are used up. */
function roundRobin(queues: WireFragment[][]): WireFragment[] {
  const longest = Math.max(0, ...queues.map((queue) => queue.length));
  const ordered: WireFragment[] = [];
  for (let position = 0; position < longest; position += 1) {
    for (const queue of queues) {
      const fragment = queue[position];
      if (fragment) ordered.push(fragment);
    }
  }
  return ordered;
}

/** Splits text into runs of a few words, each keeping the whitespace that follows it. */
function splitWords(text: string): string[] {
  const words = text.match(/\S+\s*|\s+/g) ?? [];
  const pieces: string[] = [];
  for (let start = 0; start < words.length; start += WORDS_PER_TEXT_CHUNK) {
    pieces.push(words.slice(start, start + WORDS_PER_TEXT_CHUNK).join(''));
  }
  return pieces;
}
