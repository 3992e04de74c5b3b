import type { CheckContext, CheckOutcome } from '../../../check';
import { answeredCalls, carriedOnToConclusion, type AnsweredCall } from '../conversation-facts';
import { describeCall } from '../interleaved-fragments';
import { describeTranscript } from '../lab-transcript';
import { runLabCli } from '../run-lab-cli';

/** The required parameter of each tool, so a call missing it can be recognised. */
const REQUIRED_PARAMETER: Record<string, string> = {
  glob: 'pattern',
  grep: 'pattern',
  read_file: 'path',
};

/** The three kinds of bad arguments the injected run sends. */
type Problem = 'invalid JSON' | 'a missing required field' | 'a wrong type';

/** Check 4: bad arguments come back as failed results naming the problem, and the run goes on. */
export async function run(context: CheckContext): Promise<CheckOutcome> {
  const run = await runLabCli({
    context,
    inject: 'bad_args',
  });
  if (!run.ok) return run.outcome;
  const { transcript } = run;
  const lines = describeTranscript(transcript);
  const failed = answeredCalls(transcript.messages).filter((entry) =>
    transcript.results.some((result) => result.toolCallId === entry.call.id && !result.ok),
  );
  const seen = new Set<Problem>();
  for (const entry of failed) {
    const { problem, named } = diagnose(entry);
    if (!named) {
      return {
        passed: false,
        expected: `the failed result for ${describeCall(entry)} to name ${problem}`,
        got: JSON.stringify(entry.answer ?? 'no tool message'),
        transcript: lines,
      };
    }
    seen.add(problem);
  }
  if (seen.size < 3) {
    return {
      passed: false,
      expected: 'failed results for invalid JSON, a missing required field and a wrong type',
      got: `failed results for ${seen.size === 0 ? 'none of them' : [...seen].join(', ')}`,
      transcript: lines,
    };
  }
  const lastFailure = Math.max(...failed.map((entry) => entry.answerAt));
  if (!carriedOnToConclusion({ transcript, after: lastFailure })) {
    return {
      passed: false,
      expected: 'the run to go on after the failed results and end "done" with a conclusion',
      got: `it ended "${transcript.stopReason}" after ${transcript.messages.length} messages`,
      transcript: lines,
    };
  }
  return { passed: true, transcript: lines };
}

/** Which problem a bad call has, and whether the answer names it. */
function diagnose({ call, answer = '' }: AnsweredCall): { problem: Problem; named: boolean } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(call.args);
  } catch {
    return { problem: 'invalid JSON', named: /json/i.test(answer) };
  }
  const fields = parsed !== null && typeof parsed === 'object' ? Object.keys(parsed) : [];
  const required = REQUIRED_PARAMETER[call.name];
  if (required && !fields.includes(required)) {
    return { problem: 'a missing required field', named: answer.includes(required) };
  }
  return { problem: 'a wrong type', named: fields.some((field) => answer.includes(field)) };
}
