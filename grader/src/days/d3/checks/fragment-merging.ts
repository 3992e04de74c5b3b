import type { Message, ToolCall } from '@agent-course/core';
import type { CheckContext, CheckOutcome } from '../../../check';
import { loadD3Lab, type D3Lab } from '../d3-lab';
import { describeCalls, EXPECTED_CALLS, interleavedFragments } from '../interleaved-fragments';
import { createQuirkyModel } from '../quirky-model';

/** Check 3: interleaved fragments starting at index 1 merge into the right calls, even on a `stop` turn. */
export async function run({ labDir }: CheckContext): Promise<CheckOutcome> {
  const lab = await loadD3Lab(labDir);
  const merged = mergeDirectly(lab);
  if (!merged.passed) return merged;
  return runThroughLoop(lab);
}

/** Pushes the fragments into the lab's accumulator and compares what it drains. */
function mergeDirectly(lab: D3Lab): CheckOutcome {
  const fragments = interleavedFragments();
  const transcript = fragments.map((delta) => `fragment ${JSON.stringify(delta)}`);
  let calls: ToolCall[];
  try {
    const accumulator = new lab.ToolCallAccumulator();
    for (const delta of fragments) accumulator.push(delta);
    calls = accumulator.drain();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return {
      passed: false,
      expected: describeCalls(EXPECTED_CALLS),
      got: `the accumulator threw: ${reason}`,
      transcript,
    };
  }
  transcript.push(`drained ${describeCalls(calls)}`);
  if (!sameCalls(calls, EXPECTED_CALLS)) {
    return {
      passed: false,
      expected: describeCalls(EXPECTED_CALLS),
      got: describeCalls(calls),
      transcript,
    };
  }
  return { passed: true, transcript };
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
