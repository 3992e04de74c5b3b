import type { CheckOutcome } from '../../../../judging/check';
import { answeredCalls, carriedOnToConclusion } from '../conversation-facts';
import { describeCall } from '../interleaved-fragments';
import { describeTranscript, type LabTranscript } from '../../beside-lab/lab-transcript';
import {
  describeRequiredContent,
  findMissingContent,
  type RequiredContent,
} from './message-content';

/**
 * Judges a run in which some calls had to fail: each of them (picked out by `requiredContent`,
 * which works out from a call what its answer must name) must come back as a failed result naming
 * those facts, there must be at least `expectedFailures` of them, and the run must carry on to a
 * conclusion afterwards. With `whenUnchecked`, a call that breaks its tool's schema yet came back
 * ok, with an answer that does not name the problem, is said before anything else, with that
 * mistake: the tool ran on it, so nothing checked the arguments first. With `whenEmptyAsJson`, a
 * call with empty arguments answered as broken JSON gets that mistake.
 */
export function judgeFailedResults({
  transcript,
  requiredContent,
  expectedFailures,
  scenario,
  sent,
  whenUnchecked,
  whenEmptyAsJson,
}: {
  transcript: LabTranscript;
  requiredContent: (call: { name: string; args: string }) => RequiredContent | undefined;
  expectedFailures: number;
  /** Names the run in messages, e.g. "INJECT=bad_args" or a variant's label. */
  scenario: string;
  /** Every call the script sent, in order, when the grader wrote the script. */
  sent?: Array<{ name: string; args: string }>;
  /** The mistake to name for a call that breaks its tool's schema and came back ok. */
  whenUnchecked?: { mistake: string };
  /** The mistake to name for empty arguments ('', which mean {}) answered as invalid JSON. */
  whenEmptyAsJson?: { mistake: string };
}): CheckOutcome {
  const lines = describeTranscript(transcript);
  const calls = answeredCalls(transcript.messages);
  // A call merged wrongly (no name, or pieces of others) is not this check's to judge: say so.
  const describeAll = (list: Array<{ name: string; args: string }>) =>
    list.map((call) => `${call.name}(${call.args})`).join(', ');
  const merged = calls.map((entry) => entry.call);
  const unnamed = calls.find((entry) => !entry.call.name);
  if (unnamed || (sent && describeAll(merged) !== describeAll(sent))) {
    return {
      passed: false,
      expected: `${scenario}: the calls merged as the model sent them${sent ? `: ${describeAll(sent)}` : ''}`,
      got: unnamed ? describeCall(unnamed) : describeAll(merged),
      transcript: lines,
    };
  }
  // Said before anything else, as it names the one thing to add. An answer that names the field
  // and the problem came from a check, only marked ok: that is the usual failure below.
  for (const entry of whenUnchecked ? calls : []) {
    const content = requiredContent(entry.call);
    const result = transcript.results.find((candidate) => candidate.toolCallId === entry.call.id);
    const checked = content && !findMissingContent({ content, answer: entry.answer ?? '' });
    if (content?.kind === 'schema' && result?.ok === true && !checked) {
      return {
        passed: false,
        expected: `${scenario}: a failed result (ok: false) for ${describeCall(entry)} naming ${describeRequiredContent(content)}`,
        got: `the result has ok: true, so the tool ran on arguments that break its schema; it said ${JSON.stringify(entry.answer ?? 'nothing')}`,
        ...whenUnchecked,
        transcript: lines,
      };
    }
  }
  let judged = 0;
  let lastFailure = -1;
  for (const entry of calls) {
    const content = requiredContent(entry.call);
    if (!content) continue;
    judged += 1;
    const result = transcript.results.find((candidate) => candidate.toolCallId === entry.call.id);
    const answer = entry.answer ?? '';
    const missing =
      result?.ok !== false
        ? `${result ? 'the result has ok: true' : 'no result was recorded for it'}`
        : findMissingContent({ content, answer });
    if (missing) {
      return {
        passed: false,
        expected: `${scenario}: a failed result (ok: false) for ${describeCall(entry)} naming ${describeRequiredContent(content)}`,
        got: `${missing}; it said ${JSON.stringify(entry.answer ?? 'nothing')}`,
        // Empty text answered as broken JSON: the lab parsed '' instead of reading it as {}.
        ...(whenEmptyAsJson &&
        entry.call.args.trim() === '' &&
        content.kind === 'schema' &&
        /json/i.test(answer)
          ? whenEmptyAsJson
          : {}),
        transcript: lines,
      };
    }
    lastFailure = Math.max(lastFailure, entry.answerAt);
  }
  if (judged < expectedFailures) {
    return {
      passed: false,
      expected: `${scenario}: ${expectedFailures} calls that must fail, each answered`,
      got: `${judged} such calls in the conversation`,
      transcript: lines,
    };
  }
  if (!carriedOnToConclusion({ transcript, after: lastFailure })) {
    return {
      passed: false,
      expected: `${scenario}: the run to go on after the failed results and end "done" with a conclusion`,
      got: `it ended "${transcript.stopReason}" after ${transcript.messages.length} messages`,
      transcript: lines,
    };
  }
  return { passed: true, transcript: lines };
}
