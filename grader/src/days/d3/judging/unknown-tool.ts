import type { CheckOutcome, JudgeContext } from '../../../judging/check';
import { answeredCalls } from './conversation-facts';
import { describeTranscript } from '../beside-lab/lab-transcript';
import { runLabCli } from './judge-lab-run';
import { playVariant, type ScriptedVariant } from './play-variant';
import type { ScenarioTool, ScriptedScenario } from '../beside-lab/scripted-run/scripted-scenario';
import { createRandom, type Random } from '../../../judging/create-random';
import { judgeFailedResults } from './variants/judge-failed-results';
import { judgeWorkingResults } from './variants/working-results';

/** The tool the chapter's INJECT=unknown_tool turn calls, and the tools its registry holds. */
const FIXED_UNKNOWN = 'edit_file';
const DAY_TOOLS = ['glob', 'grep', 'read_file'] as const;
/** Names a model might reach for that no registry here holds. */
const UNKNOWN_NAMES = [
  'edit_file',
  'write_file',
  'run_tests',
  'delete_path',
  'search_web',
  'apply_patch',
];
/** Names for stand-in tools, so the registry differs from the day's. */
const STAND_IN_NAMES = ['list_dir', 'count_lines', 'fetch_notes', 'show_diff', 'read_config'];

/**
 * Check 5: a call to a tool that does not exist is answered with a failed result naming it and
 * every tool that exists, whatever the wording; the run goes on. First the chapter's run, then a
 * run of the grader's against a registry built from another tool list, calling another name, whose
 * recovery call must feed back what the finished registry answers it with.
 */
export async function judge({ drive, seed }: JudgeContext): Promise<CheckOutcome> {
  const fixed = await runLabCli({ drive, inject: 'unknown_tool' });
  if (!fixed.ok) return fixed.outcome;
  const calledUnknown = answeredCalls(fixed.transcript.messages).some(
    (entry) => entry.call.name === FIXED_UNKNOWN,
  );
  if (!calledUnknown) {
    return {
      passed: false,
      expected: `the INJECT=unknown_tool run to call ${FIXED_UNKNOWN}`,
      got: `no ${FIXED_UNKNOWN} call`,
      mistake: 'scenario-changed',
      transcript: describeTranscript(fixed.transcript),
    };
  }
  const fixedOutcome = judgeFailedResults({
    transcript: fixed.transcript,
    requiredContent: (call) =>
      call.name === FIXED_UNKNOWN
        ? { kind: 'unknown tool', name: FIXED_UNKNOWN, available: [...DAY_TOOLS] }
        : undefined,
    expectedFailures: 1,
    scenario: 'MOCK=1 INJECT=unknown_tool',
  });
  if (!fixedOutcome.passed) return fixedOutcome;

  return playVariant({ drive, variant: createVariant(seed) });
}

/** The seed's run of the grader's; exported so the tests can play it for many seeds. */
export function createVariant(seed: number): ScriptedVariant {
  const { script, unknown, available } = createScenario(
    createRandom({ seed, salt: 'unknown-tool' }),
  );
  return {
    script,
    judge: async (transcript) => {
      const outcome = judgeFailedResults({
        transcript,
        requiredContent: (call) =>
          call.name === unknown ? { kind: 'unknown tool', name: unknown, available } : undefined,
        expectedFailures: 1,
        scenario: script.label,
        sent: script.turns.flatMap((turn) => turn.toolCalls ?? []),
      });
      return outcome.passed ? judgeWorkingResults({ transcript, script }) : outcome;
    },
  };
}

/** A registry of stand-ins and some of the day's tools, a call to a name it lacks, then recovery. */
function createScenario(random: Random): {
  script: ScriptedScenario;
  unknown: string;
  available: string[];
} {
  const standIns = random.shuffle(STAND_IN_NAMES).slice(0, random.integer(1, 3));
  const dayTools = random.shuffle(DAY_TOOLS).slice(0, random.integer(0, 2));
  const tools: ScenarioTool[] = random.shuffle([
    ...standIns.map((standIn) => ({ standIn })),
    ...dayTools.map((lab) => ({ lab })),
  ]);
  const available = tools.map((tool) => ('lab' in tool ? tool.lab : tool.standIn));
  const unknown = random.pick(UNKNOWN_NAMES);
  const recovery = random.pick(standIns);
  return {
    unknown,
    available,
    script: {
      label: `the grader's run calling ${unknown} with only ${available.join(', ')} registered`,
      question: 'Fix the failing test.',
      turns: [
        {
          text: 'Let me change the file directly.',
          toolCalls: [{ name: unknown, args: JSON.stringify({ path: 'src/calc.js' }) }],
        },
        {
          text: 'That tool does not exist; I will use one that does.',
          toolCalls: [{ name: recovery, args: JSON.stringify({ text: 'src/calc.js' }) }],
        },
        { text: 'I could only look, not change anything.' },
      ],
      seed: random.integer(1, 1_000_000),
      quirks: { indexBase: random.integer(0, 2) },
      tools,
    },
  };
}
