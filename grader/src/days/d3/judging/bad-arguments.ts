import type { CheckOutcome, JudgeContext } from '../../../judging/check';
import type { RealRunRequest } from '../../../process-control/start-real-run';
import { runLabCli } from './judge-lab-run';
import { judgeRealRun } from '../../../judging/judge-real-run';
import { playVariant, type ScriptedVariant } from './play-variant';
import type { ScriptedScenario } from '../beside-lab/scripted-run/scripted-scenario';
import { createBadCalls } from './variants/bad-call-variants';
import { createRandom, type Random } from '../../../judging/create-random';
import { requiredContentFor } from './variants/day-parameters';
import { judgeFailedResults } from './variants/judge-failed-results';
import type { RequiredContent } from './variants/message-content';
import { judgeWorkingResults } from './variants/working-results';

/** The command whose exit code the chapter promises. */
const COMMAND = 'MOCK=1 INJECT=bad_args pnpm start';
/**
 * The same run as a real process: what only a process shows (a process.exit, an unhandled
 * rejection, a timer or server left open that keeps it from ending) is judged from how it ended.
 */
export const realRun: RealRunRequest = { environment: { INJECT: 'bad_args' } };
/** The chapter's injected turn: invalid JSON, a missing required field and a wrong type. */
const FIXED_FAILURES = 3;
/** A call that breaks its tool's schema came back ok: execute ran the tool without checking it. */
const UNCHECKED = { mistake: 'schema-not-checked' };
/** Empty arguments, which mean {}, were answered as invalid JSON. */
const EMPTY_AS_JSON = { mistake: 'empty-arguments-as-json' };
/** Names for the stand-in tool that throws, and what it throws. */
const THROWING_NAMES = ['fetch_notes', 'count_lines', 'list_branches', 'read_config'];
const ERRORS = [
  'disk quota exceeded',
  'connection reset by peer',
  'permission denied',
  'out of file handles',
];

/**
 * Check 4: bad arguments come back as failed results naming the problem, and the run goes on.
 * First the chapter's `INJECT=bad_args` run; then a run of the grader's in which one turn sends
 * bad calls generated from the seed (an array, null, an unknown property, a negative limit and
 * more) next to a tool that throws. Each answer must name the field and the problem (or the tool
 * and its error), whatever its wording; the good call after them must feed back what the finished
 * glob answers it with. Last, `MOCK=1 INJECT=bad_args pnpm start` run as a process must exit 0.
 */
export async function judge(context: JudgeContext): Promise<CheckOutcome> {
  const driven = await judgeDriven(context);
  if (!driven.passed) return driven;
  const run = judgeRealRun({
    run: await context.realRun(),
    command: COMMAND,
    labDir: context.labDir,
  });
  if (run.passed) return driven;
  return { ...run, ...(driven.transcript ? { transcript: driven.transcript } : {}) };
}

/** The runs driven in the check process: the chapter's, then the seed's. */
async function judgeDriven({ drive, seed }: JudgeContext): Promise<CheckOutcome> {
  const fixed = await runLabCli({ drive, inject: 'bad_args' });
  if (!fixed.ok) return fixed.outcome;
  const fixedOutcome = judgeFailedResults({
    transcript: fixed.transcript,
    requiredContent: requiredContentFor,
    expectedFailures: FIXED_FAILURES,
    scenario: 'MOCK=1 INJECT=bad_args',
    whenUnchecked: UNCHECKED,
  });
  if (!fixedOutcome.passed) return fixedOutcome;

  const variant = createVariant(seed);
  return markEscapedThrow({
    outcome: await playVariant({ drive, variant }),
    script: variant.script,
  });
}

/**
 * A run that threw the stand-in tool's own error: execute let a tool's throw out instead of
 * answering with a failure (most often tool.run's promise returned or awaited outside the try).
 * Said so, with its own hint, since the default one is about JSON and schemas. Other outcomes are
 * kept.
 */
function markEscapedThrow({
  outcome,
  script,
}: {
  outcome: CheckOutcome;
  script: ScriptedScenario;
}): CheckOutcome {
  const thrower = script.tools.find((tool) => 'throws' in tool && tool.throws);
  if (outcome.passed || !outcome.threw || !thrower || !('standIn' in thrower)) return outcome;
  if (!outcome.got.includes(thrower.throws!)) return outcome;
  return {
    ...outcome,
    got: `${outcome.got}: the error the grader's tool ${thrower.standIn} threw came out of execute uncaught`,
    mistake: 'tool-throw-escaped',
  };
}

/** The seed's run of the grader's; exported so the tests can play it for many seeds. */
export function createVariant(seed: number): ScriptedVariant {
  const { script, throwing } = createScenario(createRandom({ seed, salt: 'bad-arguments' }));
  return {
    script,
    judge: async (transcript) => {
      const outcome = judgeFailedResults({
        transcript,
        requiredContent: (call) => throwing(call) ?? requiredContentFor(call),
        expectedFailures: script.turns[0]!.toolCalls!.length,
        scenario: script.label,
        sent: script.turns.flatMap((turn) => turn.toolCalls ?? []),
        whenUnchecked: UNCHECKED,
        whenEmptyAsJson: EMPTY_AS_JSON,
      });
      return outcome.passed ? judgeWorkingResults({ transcript, script }) : outcome;
    },
  };
}

/** One turn of bad calls and a throwing tool, one good call, then a conclusion. */
function createScenario(random: Random): {
  script: ScriptedScenario;
  throwing: (call: { name: string }) => RequiredContent | undefined;
} {
  const name = random.pick(THROWING_NAMES);
  const message = `${random.pick(ERRORS)} (code ${random.integer(100, 999)})`;
  const calls = random.shuffle([
    ...createBadCalls(random),
    { name, args: JSON.stringify({ text: 'hello' }) },
  ]);
  return {
    script: {
      label: `the grader's run with ${calls.length} failing calls in one turn`,
      question: 'Which JavaScript files are there?',
      turns: [
        { text: 'Several things at once.', toolCalls: calls },
        {
          text: 'Some calls failed; I will use glob as the feedback says.',
          toolCalls: [{ name: 'glob', args: '{"pattern":"**/*.js"}' }],
        },
        { text: 'The repository has JavaScript files under src, dist and test.' },
      ],
      seed: random.integer(1, 1_000_000),
      quirks: {
        indexBase: random.integer(0, 2),
        interleave: random.chance(0.5),
        headsOutOfOrder: random.chance(0.5),
      },
      tools: [
        { lab: 'glob' },
        { lab: 'grep' },
        { lab: 'read_file' },
        { standIn: name, throws: message },
      ],
    },
    throwing: (call) => (call.name === name ? { kind: 'tool failed', name, message } : undefined),
  };
}
