import { findMessageProblems } from '@agent-course/core';
import type { CheckContext, CheckOutcome } from '../../../check';
import { endsWithConclusion } from '../conversation-facts';
import { describeTranscript } from '../lab-transcript';
import { runLabCli } from '../run-lab-cli';

/** The question a student asks in the day's walkthrough; the offline model plays the same script for any. */
const QUESTION = 'Why are the tests in this repository red?';
/** The offline run's calls and the characters each feeds back; the sandbox makes them reproducible. */
const EXPECTED = [
  { name: 'glob', chars: 50 },
  { name: 'grep', chars: 361 },
  { name: 'read_file', chars: 248 },
];

/** Check 7: the "why are the tests red" run calls glob, grep and read_file in order, then concludes. */
export async function run(context: CheckContext): Promise<CheckOutcome> {
  const run = await runLabCli({ context, question: QUESTION });
  if (!run.ok) return run.outcome;
  const { transcript } = run;
  const lines = describeTranscript(transcript);
  const describe = (entries: Array<{ name: string; chars: number }>) =>
    entries.length === 0
      ? 'no tool results'
      : entries.map((entry) => `${entry.name} (${entry.chars})`).join(', ');
  const got = transcript.results.map((result) => ({
    // A call merged without a name would show as nothing at all.
    name: result.name || '<call without a name>',
    chars: result.contentChars,
  }));
  if (describe(got) !== describe(EXPECTED)) {
    return { passed: false, expected: describe(EXPECTED), got: describe(got), transcript: lines };
  }
  if (!endsWithConclusion(transcript.messages) || transcript.stopReason !== 'done') {
    return {
      passed: false,
      expected: 'a conclusion at the end: assistant text with no calls, the run ending "done"',
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
