import { findMessageProblems } from '@agent-course/core';
import type { CheckOutcome, Drive, JudgeContext } from '../../../judging/check';
import { readAnswer } from '../../../judging/read-answer';
import { shortenText } from '../../../reporting/shorten-text';
import { endsWithConclusion } from './conversation-facts';
import { runLabCli } from './judge-lab-run';
import { ToolAloneSeen } from '../beside-lab/lab-run-seen';
import { describeTranscript } from '../beside-lab/lab-transcript';
import type { LabTranscript } from '../beside-lab/lab-transcript';
import { toolKey } from './tool-key';
import { playVariant, type ScriptedVariant } from './play-variant';
import type { ScriptedScenario } from '../beside-lab/scripted-run/scripted-scenario';
import { createRandom, type Random } from '../../../judging/create-random';
import { judgeWorkingResults } from './variants/working-results';

/** The question a student asks in the day's walkthrough; the offline model plays the same script for any. */
const QUESTION = 'Why are the tests in this repository red?';
/** The offline run's calls and the characters each feeds back; the sandbox makes them reproducible. */
const EXPECTED = [
  { name: 'glob', chars: 50 },
  { name: 'grep', chars: 361 },
  { name: 'read_file', chars: 248 },
];

/** How much of a failed tool's answer the report quotes. */
const QUOTED_ANSWER_CHARS = 160;

/** Valid calls on the sandbox a generated turn picks from. */
const CALLS = [
  { name: 'glob', args: '{"pattern":"**/*.js"}' },
  { name: 'glob', args: '{"pattern":"**/*.md","limit":5}' },
  { name: 'grep', args: '{"pattern":"divide"}' },
  { name: 'grep', args: '{"pattern":"return","include":"**/*.js"}' },
  { name: 'read_file', args: '{"path":"src/calc.js"}' },
  { name: 'read_file', args: '{"path":"test/calc.test.js","limit":5}' },
  { name: 'read_file', args: '{"path":"package.json"}' },
];

/**
 * Check 7: the "why are the tests red" run calls glob, grep and read_file in order, then concludes;
 * then a run of the grader's, generated from the seed, with parallel calls in one turn, must run
 * every call as sent, in order, answer each once, and feed back what day 3's finished tools
 * answer each call with on the same sandbox (worked out here, in the grader).
 */
export async function judge({ drive, seed }: JudgeContext): Promise<CheckOutcome> {
  const fixed = await runLabCli({ drive, question: QUESTION });
  if (!fixed.ok) return fixed.outcome;
  const fixedOutcome = await judgeFixedRun({ transcript: fixed.transcript, drive });
  if (!fixedOutcome.passed) return fixedOutcome;

  return playVariant({ drive, variant: createVariant(seed) });
}

/** The seed's run of the grader's; exported so the tests can play it for many seeds. */
export function createVariant(seed: number): ScriptedVariant {
  const script = createScenario(createRandom({ seed, salt: 'call-order' }));
  return {
    script,
    judge: async (transcript) => {
      const outcome = judgeScriptedRun({ transcript, script });
      // Last, so a run that breaks the order or the pairing is told that first.
      return outcome.passed ? judgeWorkingResults({ transcript, script }) : outcome;
    },
  };
}

/** The chapter's run: the figures the lesson quotes, a conclusion and every call paired. */
async function judgeFixedRun({
  transcript,
  drive,
}: {
  transcript: LabTranscript;
  drive: Drive;
}): Promise<CheckOutcome> {
  const lines = describeTranscript(transcript);
  const got = transcript.results.map((result) => ({
    // A call merged without a name would show as nothing at all.
    name: result.name || '<call without a name>',
    chars: result.contentChars,
  }));
  if (describeFedBack(got) !== describeFedBack(EXPECTED)) {
    // A tool whose own call failed feeds back its failure: the sizes then say little, its words say why.
    const failed = transcript.results.find(
      (result) => !result.ok && EXPECTED.some((expected) => expected.name === result.name),
    );
    const answer = transcript.messages.find(
      (message) => message.role === 'tool' && message.toolCallId === failed?.toolCallId,
    )?.content;
    if (!failed)
      return {
        passed: false,
        expected: describeFedBack(EXPECTED),
        got: describeFedBack(got),
        transcript: lines,
      };
    const call = transcript.messages
      .flatMap((message) => message.toolCalls ?? [])
      .find((candidate) => candidate.id === failed.toolCallId);
    // A tool that answers the same call by itself did not fail on its own: execute (TODO(2)) made
    // it fail, however it handed the call on. Otherwise the hint names the tool's file, as the
    // "got" line names the tool (day.ts: `grep-failed`, ...).
    const alone = call ? await worksAlone({ drive, call }) : false;
    const blame = alone
      ? { mistake: 'fails-through-registry' }
      : { mistake: `${toolKey(failed.name)}-failed` };
    return {
      passed: false,
      expected: describeFedBack(EXPECTED),
      got:
        `${describeFedBack(got)}; ${failed.name}'s call failed: ${JSON.stringify(shortenText(answer ?? '', QUOTED_ANSWER_CHARS))}` +
        (alone ? `; called alone, outside the registry, ${failed.name} answers the same call` : ''),
      ...blame,
      transcript: lines,
    };
  }
  return judgeEnding({
    transcript,
    lines,
    expected: 'a conclusion at the end: assistant text with no calls, the run ending "done"',
  });
}

/**
 * What the run fed back, as "glob (50), grep (361)": each result's tool and size, in order. A
 * run of identical entries is said once with its count ("<call without a name> (57) ×7"), since a
 * lab that opens a call per fragment feeds back dozens.
 */
export function describeFedBack(entries: Array<{ name: string; chars: number }>): string {
  if (entries.length === 0) return 'no tool results';
  const runs: Array<{ text: string; count: number }> = [];
  for (const entry of entries) {
    const text = `${entry.name} (${entry.chars})`;
    const last = runs.at(-1);
    if (last?.text === text) last.count += 1;
    else runs.push({ text, count: 1 });
  }
  return runs.map(({ text, count }) => (count > 1 ? `${text} ×${count}` : text)).join(', ');
}

/** A conclusion at the end (`expected` says so), then every call answered by one tool message. */
function judgeEnding({
  transcript,
  lines,
  expected,
}: {
  transcript: LabTranscript;
  lines: string[];
  expected: string;
}): CheckOutcome {
  if (!endsWithConclusion(transcript.messages) || transcript.stopReason !== 'done') {
    return {
      passed: false,
      expected,
      got: `the run ended "${transcript.stopReason}" with a ${transcript.messages.at(-1)?.role ?? 'missing'} message`,
      transcript: lines,
    };
  }
  const [pairing] = findMessageProblems({ messages: transcript.messages });
  if (pairing) {
    return {
      passed: false,
      expected: 'every call answered by exactly one tool message',
      got: pairing,
      mistake: 'pairing',
      transcript: lines,
    };
  }
  return { passed: true, transcript: lines };
}

/**
 * Each turn's calls as sent, run in that order and all fine, then a conclusion; what each fed back
 * is judged after (see judgeWorkingResults).
 */
function judgeScriptedRun({
  transcript,
  script,
}: {
  transcript: LabTranscript;
  script: ScriptedScenario;
}): CheckOutcome {
  const lines = describeTranscript(transcript);
  const describe = (calls: Array<{ name: string; args: string }>) =>
    calls.length === 0 ? 'no calls' : calls.map((call) => `${call.name}(${call.args})`).join(', ');
  const sent = script.turns.flatMap((turn) => turn.toolCalls ?? []);
  const made = transcript.messages.flatMap((message) => message.toolCalls ?? []);
  const ran = transcript.results.map((result) => {
    const call = made.find((candidate) => candidate.id === result.toolCallId);
    return { name: result.name, args: call?.args ?? '<no such call>' };
  });
  if (describe(ran) !== describe(sent) || transcript.results.some((result) => !result.ok)) {
    return {
      passed: false,
      expected: `${script.label}: every call run as sent, in order, each working: ${describe(sent)}`,
      got: `ran ${describe(ran)}${transcript.results.some((result) => !result.ok) ? ', some failing' : ''}`,
      transcript: lines,
    };
  }
  return judgeEnding({
    transcript,
    lines,
    expected: `${script.label}: a conclusion at the end and the run ending "done"`,
  });
}

/** A turn of two or three parallel calls, sometimes a second turn, then a conclusion. */
function createScenario(random: Random): ScriptedScenario {
  const first = random.shuffle(CALLS).slice(0, random.integer(2, 3));
  const second = random.chance(0.5) ? random.shuffle(CALLS).slice(0, random.integer(1, 2)) : [];
  const quirks = {
    indexBase: random.integer(0, 3),
    interleave: random.chance(0.6),
    headsOutOfOrder: random.chance(0.5),
    toolTurnFinishReason: random.pick(['tool_calls', 'tool_calls', 'stop'] as const),
  };
  return {
    label: `the grader's run with ${first.length} parallel calls, numbered from index ${quirks.indexBase}${second.length ? ', then more' : ''}`,
    question: QUESTION,
    turns: [
      { text: 'Several lookups at once.', toolCalls: first },
      ...(second.length ? [{ text: 'A little more.', toolCalls: second }] : []),
      { text: 'That is everything I needed to look at.' },
    ],
    seed: random.integer(1, 1_000_000),
    quirks,
    tools: [{ lab: 'glob' }, { lab: 'grep' }, { lab: 'read_file' }],
  };
}

/**
 * Whether the lab's own tool, run directly (no registry) on a fresh sandbox with the call's
 * arguments parsed and checked as execute should, answers with ok: true (in the check process).
 */
async function worksAlone({
  drive,
  call,
}: {
  drive: Drive;
  call: { name: string; args: string };
}): Promise<boolean> {
  const { answered } = readAnswer({
    answer: await drive('runToolAlone', { call: { name: call.name, args: call.args } }),
    schema: ToolAloneSeen,
    what: `${call.name}'s answer to the call alone`,
  });
  return answered === 'ok';
}
