import type { ProbeRun } from './probe-run';

/** The fields of a ProbeRun that the chunks alone decide. */
export type ChunkFacts = Omit<ProbeRun, 'run' | 'sawDone' | 'firstByteMs' | 'notices' | 'error'>;

interface Fragment {
  index?: unknown;
  id?: unknown;
  function?: { name?: unknown; arguments?: unknown };
}

/** Per call: how many fragments, and how many carried its id and its name. */
interface CallTally {
  fragments: number;
  ids: number;
  names: number;
}

/**
 * Reads the raw chunks of one streamed answer, as they crossed the wire, for the habits an
 * accumulator has to survive. A fragment without an index belongs to the call its id names,
 * or to the one before it, the same reading the stream conversion uses.
 */
export function analyzeProbeChunks(chunks: unknown[]): ChunkFacts {
  const tallies = new Map<string, CallTally>();
  const arrival: string[] = [];
  const indexes: number[] = [];
  const finishReasons: string[] = [];
  let objectArguments = false;
  let usageChunks = 0;
  let current: string | undefined;
  for (const item of chunks) {
    const chunk = (typeof item === 'object' && item !== null ? item : {}) as {
      usage?: unknown;
      choices?: Array<{ delta?: { tool_calls?: Fragment[] }; finish_reason?: unknown }>;
    };
    const choice = chunk.choices?.[0];
    if (chunk.usage != null || !choice) usageChunks += 1;
    if (!choice) continue;
    for (const fragment of choice.delta?.tool_calls ?? []) {
      const id = typeof fragment.id === 'string' && fragment.id !== '' ? fragment.id : undefined;
      let key: string;
      if (typeof fragment.index === 'number') {
        indexes.push(fragment.index);
        key = `#${fragment.index}`;
      } else {
        key = id !== undefined ? `id:${id}` : (current ?? 'id:?');
      }
      current = key;
      const tally = tallies.get(key) ?? { fragments: 0, ids: 0, names: 0 };
      tally.fragments += 1;
      if (id !== undefined) tally.ids += 1;
      const name = fragment.function?.name;
      if (typeof name === 'string' && name !== '') tally.names += 1;
      const args = fragment.function?.arguments;
      if (args !== undefined && args !== null && typeof args !== 'string') objectArguments = true;
      tallies.set(key, tally);
      arrival.push(key);
    }
    if (typeof choice.finish_reason === 'string') finishReasons.push(choice.finish_reason);
  }
  const ordered = [...tallies.entries()].sort(([left], [right]) =>
    left.localeCompare(right, 'en', { numeric: true }),
  );
  const calls = ordered.length;
  const lastReason = finishReasons.filter((reason) => reason !== '').at(-1);
  return {
    indexBase: calls === 0 ? undefined : indexes.length > 0 ? Math.min(...indexes) : 'none',
    calls,
    ids: calls === 0 ? undefined : ordered.some(([, tally]) => tally.ids > 1) ? 'repeated' : 'once',
    names:
      calls === 0 ? undefined : ordered.some(([, tally]) => tally.names > 1) ? 'repeated' : 'once',
    fragmentsPerCall: ordered.map(([, tally]) => tally.fragments),
    interleaved: isInterleaved(arrival),
    finishReasons,
    stopWithCalls: calls > 0 && lastReason === 'stop',
    usageChunks,
    objectArguments,
  };
}

/** True when a call's fragments resume after another call's fragments came between them. */
function isInterleaved(arrival: string[]): boolean {
  const finished = new Set<string>();
  let previous: string | undefined;
  for (const key of arrival) {
    if (key !== previous) {
      if (finished.has(key)) return true;
      if (previous !== undefined) finished.add(previous);
    }
    previous = key;
  }
  return false;
}
