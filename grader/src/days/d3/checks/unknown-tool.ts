import type { CheckContext, CheckOutcome } from '../../../check';
import { answeredCalls, carriedOnToConclusion } from '../conversation-facts';
import { describeTranscript } from '../lab-transcript';
import { runLabCli } from '../run-lab-cli';

const SENTENCE = 'there is no tool named edit_file. Available: glob, grep, read_file';

/** Check 5: a call to a tool that does not exist is answered with the available tools; the run goes on. */
export async function run(context: CheckContext): Promise<CheckOutcome> {
  const run = await runLabCli({
    context,
    inject: 'unknown_tool',
  });
  if (!run.ok) return run.outcome;
  const { transcript } = run;
  const lines = describeTranscript(transcript);
  const unknown = answeredCalls(transcript.messages).find(
    (entry) => entry.call.name === 'edit_file',
  );
  if (!unknown) {
    return {
      passed: false,
      expected: 'the INJECT=unknown_tool run to call edit_file',
      got: 'no edit_file call',
      mistake: 'scenario-changed',
      transcript: lines,
    };
  }
  const result = transcript.results.find((entry) => entry.toolCallId === unknown.call.id);
  if (!unknown.answer?.includes(SENTENCE) || result?.ok !== false) {
    return {
      passed: false,
      expected: `a failed result saying "${SENTENCE}"`,
      got: `${result?.ok === false ? 'a failed' : 'a'} result saying ${JSON.stringify(unknown.answer ?? 'nothing')}`,
      transcript: lines,
    };
  }
  if (!carriedOnToConclusion({ transcript, after: unknown.answerAt })) {
    return {
      passed: false,
      expected: 'the run to go on after the failed result and end "done" with a conclusion',
      got: `it ended "${transcript.stopReason}" after ${transcript.messages.length} messages`,
      transcript: lines,
    };
  }
  return { passed: true, transcript: lines };
}
