import type { ToolCall, ToolCallDelta } from '@agent-course/core';
import { z } from 'zod';
import type { CheckOutcome, Drive, JudgeContext } from '../../../judging/check';
import { LabThrew } from '../../../process-control/check-process';
import { describeLabThrew } from '../../../judging/judge-checks';
import { readAnswer } from '../../../judging/read-answer';
import {
  describeCalls,
  EXPECTED_CALLS,
  interleavedFragments,
  SAME_INDEX_CALLS,
  sameIndexFragments,
} from './interleaved-fragments';
import { createRandom } from '../../../judging/create-random';
import { createFragmentVariant, type ExpectedCall } from './variants/fragment-variant';

/** Generated streams merged directly after the fixed ones; the first always shares an index. */
const DIRECT_VARIANTS = 4;
/** The question the loop is asked, and the turns it may take, on the quirky model. */
const LOOP_QUESTION = 'search twice';
const LOOP_MAX_TURNS = 4;

/** The most calls an answer may list: a stream of the check's has at most a few dozen fragments. */
const MAX_CALLS = 1_000;
/** The longest part of a call an answer may carry. */
const MAX_CALL_TEXT_CHARS = 100_000;
const CallText = z.string().max(MAX_CALL_TEXT_CHARS);
/**
 * A call as the lab's code gave it: a part the lab left out is missing, and a position its list
 * left empty (a hole, or a null) is null.
 */
const CallSeen = z
  .object({ id: CallText.optional(), name: CallText.optional(), args: CallText.optional() })
  .nullable();
type CallSeen = z.infer<typeof CallSeen>;
const CallsSeen = z.array(CallSeen).max(MAX_CALLS);
/** What the two drain() calls after the fragments returned. */
const MergeSeen = z.strictObject({ calls: CallsSeen, left: CallsSeen });
/** What the lab's loop did on the quirky model. */
const LoopSeen = z.strictObject({
  /** The calls it asked the registry to run, in order. */
  executed: CallsSeen,
  stopReason: z.string().max(1_000).optional(),
  /** The call each tool message it fed back names (null for one naming none). */
  answered: z.array(z.string().max(MAX_CALL_TEXT_CHARS).nullable()).max(MAX_CALLS),
});

/**
 * Check 3: interleaved fragments starting at index 1, and calls that share index 0, merge into the
 * right calls, even on a `stop` turn; then streams generated from the seed (other index bases and
 * gaps, ids present or absent, other cut points, more calls) merge by the same rules.
 */
export async function judge({ drive, seed }: JudgeContext): Promise<CheckOutcome> {
  const transcript: string[] = [];
  const random = createRandom({ seed, salt: 'fragment-merging' });
  const variants = Array.from({ length: DIRECT_VARIANTS }, (_, position) =>
    createFragmentVariant({ random, sharedIndex: position === 0 || random.chance(0.3) }),
  );
  // The fixed streams come first, so the figures the lesson quotes are the first ones judged.
  const scenarios = [
    {
      label: 'the fixed stream from index 1',
      fragments: interleavedFragments(),
      expected: EXPECTED_CALLS,
    },
    {
      label: 'the fixed calls sharing index 0',
      fragments: sameIndexFragments(),
      expected: SAME_INDEX_CALLS,
    },
    ...variants,
  ];
  for (const scenario of scenarios) {
    const merged = await mergeDirectly({ drive, ...scenario, transcript });
    if (!merged.passed) return merged;
  }
  const fixedLoop = await runThroughLoop({
    drive,
    fragments: interleavedFragments(),
    expected: EXPECTED_CALLS,
  });
  if (!fixedLoop.passed) return fixedLoop;
  const loopVariant = createFragmentVariant({ random, sharedIndex: random.chance(0.5) });
  return runThroughLoop({ drive, ...loopVariant });
}

/** Pushes the fragments into a fresh accumulator of the lab's and compares what it drains. */
async function mergeDirectly(options: {
  drive: Drive;
  label: string;
  fragments: ToolCallDelta[];
  expected: ExpectedCall[];
  /** Lines for --verbose; this scenario's lines are added to it. */
  transcript: string[];
}): Promise<CheckOutcome> {
  const { drive, label, fragments, expected, transcript } = options;
  transcript.push(`${label}:`, ...fragments.map((delta) => `fragment ${JSON.stringify(delta)}`));
  let answer: unknown;
  try {
    answer = await drive('merge', { fragments });
  } catch (error) {
    // A lab that does not load is reported as such, by the runner.
    if (!(error instanceof LabThrew) || error.threw.loadError) throw error;
    // Named by place, and blamed on the TODO owning that line (see blame-throw.ts); with no frame
    // of the lab's, TODO(1)'s own hint stands, since only the accumulator's code ran.
    const { got, threw } = describeLabThrew(error.threw, 'the accumulator');
    return {
      passed: false,
      expected: `${label}: ${describeExpected(expected)}`,
      got,
      ...(threw ? { threw } : {}),
      transcript,
    };
  }
  const { calls, left } = readAnswer({
    answer,
    schema: MergeSeen,
    what: "the accumulator's drain()",
  });
  transcript.push(`drained ${describeCalls(calls)}`);
  if (!sameCalls(calls, expected)) {
    return {
      passed: false,
      expected: `${label}: ${describeExpected(expected)}`,
      got: describeCalls(calls),
      // A call the stream gave no id is compared with the lab's id for it.
      ...diagnoseMerge({
        fragments,
        calls,
        expected: expected.map((call, position) => ({
          ...call,
          id: call.id ?? calls[position]?.id ?? '',
        })),
      }),
      transcript,
    };
  }
  if (left.length > 0) {
    return {
      passed: false,
      expected:
        'a second drain() right after the first to return no calls: drain empties the accumulator',
      got: describeCalls(left),
      transcript,
    };
  }
  return { passed: true, transcript };
}

/**
 * The merge mistake a wrong drain shows, when its shape gives it away; nothing otherwise, and the
 * default hint applies.
 */
function diagnoseMerge({
  fragments,
  calls,
  expected,
}: {
  fragments: ToolCallDelta[];
  calls: CallSeen[];
  expected: ToolCall[];
}): { mistake?: string } {
  // An array indexed by delta.index has a hole wherever no call used the index, e.g. 0: an empty
  // call when the lab filled it, none at all when it left it (which \`some\` would skip).
  if (Array.from(calls).some((call) => !call || (!call.name && !call.args))) {
    return { mistake: 'array-by-position' };
  }
  // Past here, every position of the list holds a call.
  const merged = calls as Array<NonNullable<CallSeen>>;
  // The right calls, each with all its arguments, but a name or id gone: a later fragment, which
  // carries neither, wrote its undefined over them.
  const sameArgs =
    merged.length === expected.length &&
    merged.every((call, position) => call.args === expected[position]?.args);
  if (sameArgs && merged.some((call, position) => !call.name && expected[position]?.name)) {
    return { mistake: 'name-erased' };
  }
  const unnamed = merged.filter((call) => !call.name).length;
  if (unnamed > 1) return { mistake: 'call-per-fragment' };
  const byContent = (list: CallSeen[]) => list.map((call) => JSON.stringify(call)).sort();
  if (byContent(calls).join() === byContent(expected).join()) return { mistake: 'arrival-order' };
  // Only the new id tells apart calls sharing an index; without it they merge into fewer calls.
  const indexes = new Set(fragments.map((delta) => delta.index)).size;
  if (indexes < expected.length && calls.length < expected.length) {
    return { mistake: 'one-call-per-index' };
  }
  // Every piece arrived but some went to the wrong call: fragments were matched by the latest id.
  const pieces = (list: CallSeen[]) => [...list.map((call) => call?.args).join('')].sort().join('');
  if (unnamed === 1 || (calls.length === expected.length && pieces(calls) === pieces(expected))) {
    return { mistake: 'keyed-by-id' };
  }
  return {};
}

/**
 * Runs the lab's loop on a model that streams `fragments` and ends its tool turn with `stop`
 * (see quirky-model.ts), over a registry that answers every call.
 */
async function runThroughLoop({
  drive,
  fragments,
  expected: expectedCalls,
}: {
  drive: Drive;
  fragments: ToolCallDelta[];
  expected: ExpectedCall[];
}): Promise<CheckOutcome> {
  const run = readAnswer({
    answer: await drive('loop', { fragments, question: LOOP_QUESTION, maxTurns: LOOP_MAX_TURNS }),
    schema: LoopSeen,
    what: "the agent loop's run",
  });
  const { executed } = run;
  const transcript = executed.map((call) => `executed ${call?.name}#${call?.id} ${call?.args}`);
  const expected = `on a turn that ends with finish reason "stop", every merged call executed: ${describeExpected(expectedCalls)}`;
  if (executed.length === 0) {
    return {
      passed: false,
      expected,
      got: `no call was executed (the run ended "${run.stopReason}")`,
      mistake: 'loop-stop-turn',
      transcript,
    };
  }
  if (!sameCalls(executed, expectedCalls)) {
    return { passed: false, expected, got: `executed ${describeCalls(executed)}`, transcript };
  }
  const { answered } = run;
  if (run.stopReason !== 'done' || answered.join() !== executed.map((call) => call?.id).join()) {
    return {
      passed: false,
      expected: 'every result fed back as a tool message and the run ending "done"',
      got: `tool messages for [${answered.join(', ')}], run ended "${run.stopReason}"`,
      mistake: 'loop-stop-turn',
      transcript,
    };
  }
  return { passed: true, transcript };
}

/**
 * Whether the calls are the expected ones in order. A call the stream gave no id may have any id,
 * as long as it is not empty and no other call has it: the tool message must name its call.
 */
function sameCalls(actual: CallSeen[], expected: ExpectedCall[]): boolean {
  if (actual.length !== expected.length) return false;
  // A hole or a null the lab left in its list is no call.
  if (Array.from(actual).some((call) => !call)) return false;
  const ids = actual.map((call) => call?.id);
  if (new Set(ids).size !== ids.length) return false;
  return expected.every((call, position) => {
    const got = actual[position]!;
    const idFits =
      call.id === undefined ? typeof got.id === 'string' && got.id !== '' : got.id === call.id;
    return idFits && got.name === call.name && got.args === call.args;
  });
}

/** The expected calls in one line; a call without an id from the stream may have any id. */
function describeExpected(expected: ExpectedCall[]): string {
  return describeCalls(expected.map((call) => ({ ...call, id: call.id ?? '<any unique id>' })));
}
