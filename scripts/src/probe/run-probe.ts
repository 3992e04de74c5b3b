import { createOpenAIModel } from '@agent-course/core';
import { streamReader } from '@agent-course/finished-d1';
import { messageWriter } from '@agent-course/finished-d2';
import type { OpenAIModelOptions, WireExchange } from '@agent-course/core';
import { analyzeProbeChunks } from './analyze-probe-chunks';
import { PROBE_MESSAGES, PROBE_TOOLS } from './probe-question';
import type { ProbeRun } from './probe-run';

/**
 * Asks the same parallel-call question `runs` times, one after the other, and reads each answer
 * from the raw chunks as they crossed the wire, not from what the SDK or the conversion made of
 * them. A failed run is kept with its error, so one bad answer does not hide the others.
 */
export async function runProbe(options: {
  /** The endpoint, as the agent reaches it. */
  endpoint: Omit<OpenAIModelOptions, 'onExchange' | 'reader' | 'writer'>;
  /** How many times to ask. */
  runs: number;
  /** Receives each run as it ends, to show progress. */
  onRun?: (run: ProbeRun) => void;
}): Promise<ProbeRun[]> {
  let exchange: WireExchange | undefined;
  const model = createOpenAIModel({
    ...options.endpoint,
    // The reader the agent runs on, so the probe meets what the agent would.
    reader: streamReader,
    // And the writer, so its requests go out as the agent's do.
    writer: messageWriter,
    onExchange: (received) => (exchange = received),
  });
  const results: ProbeRun[] = [];
  for (let run = 1; run <= options.runs; run++) {
    exchange = undefined;
    const notices: string[] = [];
    let error: string | undefined;
    try {
      for await (const event of model.stream({ messages: PROBE_MESSAGES, tools: PROBE_TOOLS })) {
        if (event.type === 'notice') notices.push(event.message);
      }
    } catch (failure) {
      error = failure instanceof Error ? failure.message : String(failure);
    }
    const received = exchange as WireExchange | undefined;
    const result: ProbeRun = {
      run,
      ...analyzeProbeChunks(received?.chunks ?? []),
      sawDone: received?.sawDone ?? false,
      ...(received?.firstByteMs === undefined ? {} : { firstByteMs: received.firstByteMs }),
      notices,
      ...(error === undefined ? {} : { error }),
    };
    results.push(result);
    options.onRun?.(result);
  }
  return results;
}
