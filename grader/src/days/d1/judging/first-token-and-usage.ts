import { groupDigits } from '@agent-course/core';
import { lastLines } from '../../../beside-lab/tail-collector';
import type { CheckOutcome, JudgeContext } from '../../../judging/check';
import { judgeRealRun } from '../../../judging/judge-real-run';
import { readAnswer } from '../../../judging/read-answer';
import { createRandom } from '../../../judging/create-random';
import { AnswerSeen, askedOnce } from './answer-seen';
import { buildAnswerStream } from './answer-stream';
import { SERVED_ASKED_COMMAND, servedRun } from './served-answer';

/**
 * `pnpm start -` against the grader's endpoint, which waits before its first piece; the question
 * comes late on stdin, so the grader knows the request began after it.
 */
export const realRun = servedRun({
  salt: 'first-token-and-usage',
  pacedByStdout: false,
  askedLate: true,
});

/** The line of figures the kit prints under an answer (see create-terminal-renderer.ts). */
const STATS_LINE =
  /first token after ([\d,]+) ms · ([\d,]+) tokens in, ([\d,]+) out · finish reason (\S+)/g;

/**
 * Check 5: on a clock the grader moves, answerOnce measures the time from the request to the first
 * piece of text a person sees (not to a notice or an empty piece), keeps the usage the endpoint
 * sent, and reports both with the finish reason in one answer-stats event; a stop is 'done'. A
 * real run then shows the same from outside the lab's process: its line of figures states the
 * usage the grader's endpoint made up, and a time to first token no shorter than the endpoint's
 * wait before its first piece and no longer than from the question, which the grader writes to its
 * stdin late, to its last output, all of which the grader timed.
 */
export async function judge(context: JudgeContext): Promise<CheckOutcome> {
  const driven = await judgeDriven(context);
  if (!driven.passed) return driven;
  const answer = realRun.served(context.seed);
  const run = await context.realRun();
  if (run.kind !== 'ended' || run.exitCode !== 0 || !run.served) {
    return judgeRealRun({ run, command: SERVED_ASKED_COMMAND, labDir: context.labDir });
  }
  const { stdout, askedAtMs, lastOutputMs } = run.served;
  if (askedAtMs === undefined || lastOutputMs === undefined) {
    return {
      passed: false,
      expected: `\`${SERVED_ASKED_COMMAND}\` to wait for its question on stdin, then answer it`,
      got: askedAtMs === undefined ? 'it ended before it was asked' : 'it printed nothing',
    };
  }
  // The request began after the question was written and the figures were out by the last output.
  const longestMs = lastOutputMs - askedAtMs;
  const { promptTokens, completionTokens } = answer.usage;
  const wanted = `${groupDigits(promptTokens)} tokens in, ${groupDigits(completionTokens)} out · finish reason stop`;
  const expected = `\`${SERVED_ASKED_COMMAND}\` to end with \`· first token after N ms · ${wanted}\`: the usage on the endpoint's last chunk, and N at least the ${answer.firstPieceDelayMs} ms it waited before the first piece`;
  const line = [...stdout.matchAll(STATS_LINE)].at(-1);
  if (!line) {
    const last = lastLines({ text: stdout, count: 1 })[0];
    return {
      passed: false,
      expected,
      got: last ? `its last line was ${JSON.stringify(last.slice(0, 200))}` : 'it printed nothing',
    };
  }
  const [said, ms, tokensIn, tokensOut, finishReason] = line;
  const number = (digits: string | undefined) => Number((digits ?? '').replaceAll(',', ''));
  const firstTokenMs = number(ms);
  // The kit rounds to whole milliseconds, and a lab's clock may tick in them.
  const fits =
    number(tokensIn) === promptTokens &&
    number(tokensOut) === completionTokens &&
    finishReason === 'stop' &&
    firstTokenMs >= answer.firstPieceDelayMs - 1 &&
    firstTokenMs <= longestMs + 1;
  if (!fits) {
    const tooLong =
      firstTokenMs > longestMs + 1
        ? ` (from the question to its last output took ${Math.round(longestMs)} ms: the time runs from the request, not from the program's start)`
        : '';
    return { passed: false, expected, got: `it said \`${said}\`${tooLong}` };
  }
  return {
    passed: true,
    transcript: [...(driven.transcript ?? []), `a real run said \`${said}\``],
  };
}

/** The lab's answerOnce on the grader's events and clock, in the check process. */
async function judgeDriven({ drive, seed }: JudgeContext): Promise<CheckOutcome> {
  const stream = buildAnswerStream(createRandom({ seed, salt: 'first-token-and-usage' }));
  const seen = readAnswer({
    answer: await drive('answer', {
      events: stream.events,
      times: stream.times,
      start: stream.start,
    }),
    schema: AnswerSeen,
    what: "answerOnce's events",
  });
  const once = askedOnce(seen);
  if (once) return once;
  const wanted = { finishReason: 'stop', firstTokenMs: stream.firstTokenMs, usage: stream.usage };
  const expected = `one answer-stats event with stats ${JSON.stringify(wanted)} (the clock read ${stream.start} before the request and ${stream.start + stream.firstTokenMs} at the first word)`;
  const stats = seen.forwarded.filter(({ event }) => event.type === 'answer-stats');
  if (stats.length !== 1) {
    return { passed: false, expected, got: `${stats.length} answer-stats events` };
  }
  const got = (stats[0]!.event.stats ?? {}) as Record<string, unknown>;
  const usage = (got.usage ?? {}) as Record<string, unknown>;
  const same =
    got.finishReason === 'stop' &&
    got.firstTokenMs === stream.firstTokenMs &&
    usage.promptTokens === stream.usage.promptTokens &&
    usage.completionTokens === stream.usage.completionTokens;
  if (!same) return { passed: false, expected, got: `stats ${JSON.stringify(got).slice(0, 300)}` };
  if (seen.stopReason !== 'done') {
    return {
      passed: false,
      expected: "stopReason 'done' for an answer that ended with finish reason stop",
      got: `stopReason ${JSON.stringify(seen.stopReason)}${seen.error ? `: ${seen.error}` : ''}`,
    };
  }
  return {
    passed: true,
    transcript: [
      `first token after ${stream.firstTokenMs} ms; usage ${stream.usage.promptTokens} + ${stream.usage.completionTokens}`,
    ],
  };
}
