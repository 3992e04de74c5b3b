import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import type { FinishReason } from '../protocol/stream-event';
import type { StreamEvent } from '../protocol/stream-event';
import type { ToolCallDelta } from '../protocol/stream-event';

const KNOWN_FINISH_REASONS: ReadonlySet<string> = new Set<FinishReason>([
  'stop',
  'tool_calls',
  'length',
  'content_filter',
]);

/**
 * Turns streamed Chat Completions chunks into stream events. Tool-call fragments are passed on
 * one by one, unmerged: merging them is the caller's job (and day 3's first exercise). The
 * `finish` event comes last, exactly once, even when the provider never sent a finish reason.
 * Arguments sent as a JSON object instead of JSON text are passed on as their text, with a notice.
 */
export async function* toStreamEvents(
  chunks: AsyncIterable<ChatCompletionChunk>,
): AsyncGenerator<StreamEvent> {
  const indexes = createIndexDeriver();
  const objectArguments = new Set<number>();
  let finishReason: FinishReason | undefined;
  for await (const chunk of chunks) {
    // Some chunks carry no choice at all (a trailing usage chunk, for instance).
    const choice = chunk.choices?.[0];
    if (!choice) continue;
    const { content, tool_calls: toolCalls } = choice.delta ?? {};
    if (typeof content === 'string' && content !== '') yield { type: 'text-delta', text: content };
    for (const fragment of toolCalls ?? []) {
      const delta = toDelta(fragment, indexes);
      if (isObjectArguments(fragment) && !objectArguments.has(delta.index)) {
        objectArguments.add(delta.index);
        yield { type: 'notice', message: objectArgumentsNotice(delta) };
      }
      yield { type: 'tool-call-delta', delta };
    }
    // "" and null are what some providers send on chunks that end nothing, so they are not a
    // reason; the last real one counts, and fragments that arrive after it are still passed on.
    const reason: string | null | undefined = choice.finish_reason;
    if (typeof reason === 'string' && reason !== '') {
      finishReason = KNOWN_FINISH_REASONS.has(reason) ? (reason as FinishReason) : 'unknown';
    }
  }
  yield { type: 'finish', finishReason: finishReason ?? 'unknown' };
}

type WireFragment = ChatCompletionChunk.Choice.Delta.ToolCall;

function toDelta(fragment: WireFragment, indexes: IndexDeriver): ToolCallDelta {
  // An empty string is what some providers send instead of leaving a field out; reporting it
  // would let a later merge overwrite a real id or name with nothing.
  const id = nonEmpty(fragment.id);
  const name = nonEmpty(fragment.function?.name);
  // The wire type promises a string, but some servers send the arguments as a JSON object;
  // dropping it would run the tool with {} and blame the model for a missing field.
  const argsDelta = isObjectArguments(fragment)
    ? JSON.stringify(fragment.function?.arguments)
    : nonEmpty(fragment.function?.arguments);
  const delta: ToolCallDelta = { index: indexes.resolve({ index: fragment.index, id }) };
  if (id !== undefined) delta.id = id;
  if (name !== undefined) delta.name = name;
  if (argsDelta !== undefined) delta.argsDelta = argsDelta;
  return delta;
}

/** True when a fragment's arguments arrived as a JSON value other than text. */
function isObjectArguments(fragment: WireFragment): boolean {
  const args: unknown = fragment.function?.arguments;
  return args !== undefined && args !== null && typeof args !== 'string';
}

function objectArgumentsNotice(delta: ToolCallDelta): string {
  const call = delta.name ?? `the call at index ${delta.index}`;
  return `the endpoint sent the arguments of ${call} as a JSON object instead of JSON text; they are used as their JSON text`;
}

function nonEmpty(value: string | null | undefined): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

interface IndexDeriver {
  /** The provider's index when it sent one, else a derived one. */
  resolve(fragment: { index: number | undefined; id: string | undefined }): number;
}

/**
 * The index is what merging keys on, so a provider that leaves it out gets a derived one: a
 * fragment with an id already seen gets that call's index; a fragment with a new id starts a
 * call at the next free index; a fragment with no id continues the call before it (the only
 * reading that keeps argument pieces together, since such providers send calls one after the
 * other). Provider-sent indexes are passed through untouched and never handed out again.
 */
function createIndexDeriver(): IndexDeriver {
  const indexById = new Map<string, number>();
  const used = new Set<number>();
  let current: number | undefined;
  const nextFree = (): number => {
    let candidate = 0;
    while (used.has(candidate)) candidate += 1;
    return candidate;
  };
  return {
    resolve({ index, id }) {
      if (typeof index === 'number') {
        used.add(index);
        return index;
      }
      let derived: number;
      if (id !== undefined) derived = indexById.get(id) ?? nextFree();
      else derived = current ?? nextFree();
      if (id !== undefined) indexById.set(id, derived);
      used.add(derived);
      current = derived;
      return derived;
    },
  };
}
