import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import type { StreamEvent, ToolCallDelta } from '../protocol/stream-event';

type WireFragment = ChatCompletionChunk.Choice.Delta.ToolCall;

/** Reads the tool-call fragments of one stream, chunk after chunk. */
export interface ToolCallReader {
  /**
   * The events for one chunk's fragments (`choice.delta.tool_calls`, absent on most chunks): one
   * `tool-call-delta` per fragment, unmerged, and a notice the first time a call's arguments
   * arrive as a JSON object instead of JSON text.
   */
  read(fragments: readonly WireFragment[] | null | undefined): StreamEvent[];
}

/**
 * What a stream's tool-call fragments become, for a stream reader to pass on. The course writes
 * the merging of fragments on day 3 (its accumulator); what is here is what no day teaches: an
 * index for providers that send none, and fields some providers send empty or in the wrong form.
 * Create one per stream: the indexes it derives hold for that stream only.
 */
export function createToolCallReader(): ToolCallReader {
  const indexes = createIndexDeriver();
  const objectArguments = new Set<number>();
  return {
    read(fragments) {
      const events: StreamEvent[] = [];
      for (const fragment of fragments ?? []) {
        const delta = toDelta(fragment, indexes);
        if (isObjectArguments(fragment) && !objectArguments.has(delta.index)) {
          objectArguments.add(delta.index);
          events.push({ type: 'notice', message: objectArgumentsNotice(delta) });
        }
        events.push({ type: 'tool-call-delta', delta });
      }
      return events;
    },
  };
}

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
