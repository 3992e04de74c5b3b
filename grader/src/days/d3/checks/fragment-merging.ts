import type { Message, ToolCall, ToolCallDelta } from '@agent-course/core';
import type { CheckContext, CheckOutcome } from '../../../check';
import { loadD3Lab, type D3Lab } from '../d3-lab';
import {
  describeCalls,
  EXPECTED_CALLS,
  interleavedFragments,
  SAME_INDEX_CALLS,
  sameIndexFragments,
} from '../interleaved-fragments';
import { createQuirkyModel } from '../quirky-model';

/**
 * Check 3: interleaved fragments starting at index 1, and calls that share index 0, merge into the
 * right calls, even on a `stop` turn.
 */
export async function run({ labDir }: CheckContext): Promise<CheckOutcome> {
  const lab = await loadD3Lab(labDir);
  const transcript: string[] = [];
  const scenarios = [
    { fragments: interleavedFragments(), expected: EXPECTED_CALLS },
    { fragments: sameIndexFragments(), expected: SAME_INDEX_CALLS },
  ];
  for (const scenario of scenarios) {
    const merged = mergeDirectly({ lab, ...scenario, transcript });
    if (!merged.passed) return merged;
  }
  return runThroughLoop(lab);
}

/** Pushes the fragments into a fresh accumulator of the lab's and compares what it drains. */
function mergeDirectly(options: {
  lab: D3Lab;
  fragments: ToolCallDelta[];
  expected: ToolCall[];
  /** Lines for --verbose; this scenario's lines are added to it. */
  transcript: string[];
}): CheckOutcome {
  const { lab, fragments, expected, transcript } = options;
  transcript.push(...fragments.map((delta) => `fragment ${JSON.stringify(delta)}`));
  let calls: ToolCall[];
  try {
    const accumulator = new lab.ToolCallAccumulator();
    for (const delta of fragments) accumulator.push(delta);
    calls = accumulator.drain();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return {
      passed: false,
      expected: describeCalls(expected),
      got: `the accumulator threw: ${reason}`,
      transcript,
    };
  }
  transcript.push(`drained ${describeCalls(calls)}`);
  if (sameCalls(calls, expected)) return { passed: true, transcript };
  return {
    passed: false,
    expected: describeCalls(expected),
    got: describeCalls(calls),
    ...diagnoseMerge({ fragments, calls, expected }),
    transcript,
  };
}

/**
 * The merge mistake a wrong drain shows, when its shape gives it away; nothing otherwise, and the
 * default hint applies. Exported for its tests.
 */
export function diagnoseMerge({
  fragments,
  calls,
  expected,
}: {
  fragments: ToolCallDelta[];
  calls: ToolCall[];
  expected: ToolCall[];
}): { mistake?: string } {
  // An array indexed by delta.index has a hole wherever no call used the index, e.g. 0.
  if (calls.some((call) => !call.name && !call.args)) return { mistake: 'array-by-position' };
  const unnamed = calls.filter((call) => !call.name).length;
  if (unnamed > 1) return { mistake: 'call-per-fragment' };
  const byContent = (list: ToolCall[]) => list.map((call) => JSON.stringify(call)).sort();
  if (byContent(calls).join() === byContent(expected).join()) return { mistake: 'arrival-order' };
  // Only the new id tells apart calls sharing an index; without it they merge into fewer calls.
  const indexes = new Set(fragments.map((delta) => delta.index)).size;
  if (indexes < expected.length && calls.length < expected.length) {
    return { mistake: 'one-call-per-index' };
  }
  // Every piece arrived but some went to the wrong call: fragments were matched by the latest id.
  const pieces = (list: ToolCall[]) => [...list.map((call) => call.args).join('')].sort().join('');
  if (unnamed === 1 || (calls.length === expected.length && pieces(calls) === pieces(expected))) {
    return { mistake: 'keyed-by-id' };
  }
  return {};
}

/** Runs the lab's loop on a model that starts indexes at 1 and ends its tool turn with `stop`. */
async function runThroughLoop(lab: D3Lab): Promise<CheckOutcome> {
  const model = createQuirkyModel(interleavedFragments());
  const executed: ToolCall[] = [];
  const registry = {
    list: () => [],
    execute: async (call: ToolCall) => {
      executed.push({ ...call });
      return { ok: true, content: `result of ${call.id}` };
    },
  };
  const run = await lab.runAgent({
    model,
    registry,
    cwd: '.',
    question: 'search twice',
    maxTurns: 4,
  });
  const transcript = executed.map((call) => `executed ${call.name}#${call.id} ${call.args}`);
  const expected = `on a turn that ends with finish reason "stop", both merged calls executed: ${describeCalls(EXPECTED_CALLS)}`;
  if (executed.length === 0) {
    return {
      passed: false,
      expected,
      got: `no call was executed (the run ended "${run.stopReason}")`,
      mistake: 'loop-stop-turn',
      transcript,
    };
  }
  if (!sameCalls(executed, EXPECTED_CALLS)) {
    return { passed: false, expected, got: `executed ${describeCalls(executed)}`, transcript };
  }
  const answered = answeredIds(run.messages);
  if (
    run.stopReason !== 'done' ||
    answered.join() !== EXPECTED_CALLS.map((call) => call.id).join()
  ) {
    return {
      passed: false,
      expected: 'both results fed back as tool messages and the run ending "done"',
      got: `tool messages for [${answered.join(', ')}], run ended "${run.stopReason}"`,
      mistake: 'loop-stop-turn',
      transcript,
    };
  }
  return { passed: true, transcript };
}

function sameCalls(actual: ToolCall[], expected: ToolCall[]): boolean {
  const pick = (calls: ToolCall[]) =>
    JSON.stringify(calls.map(({ id, name, args }) => ({ id, name, args })));
  return pick(actual) === pick(expected);
}

function answeredIds(messages: Message[]): string[] {
  return messages.flatMap((message) => (message.role === 'tool' ? [message.toolCallId] : []));
}
