import { defineDay } from '@agent-course/course';

// Day 1's manifest: the one place that says what the day asks and how it is graded. The starter
// generator writes each exercise's TODO comment from it, the grader reads the checks and hints from
// it, and `pnpm course check` holds the lesson page's exercise table and the starter's score to it.

const READER = 'src/to-stream-events.ts';
const ANSWER = 'src/answer-once.ts';
const FAILURE = 'src/explain-failure.ts';
/** The figures the lesson pages quote; measure-figures.ts measures each one on this solution. */
const FIGURES = {
  /** The tokens in and out that the offline run's usage line reports. */
  'offline-usage': [6, 68],
  /** How many characters make one of the scripted model's tokens. */
  'chars-per-token': 4,
  /** The most characters of a server's own sentence a failure message quotes. */
  'quoted-chars': 300,
};

export default defineDay({
  id: 'd1',
  title: 'the first streamed call: chunks, time to first token, failures in words',
  draft: false,
  start: 'src/main.ts',
  buildsOn: [],
  starterScore: 0,
  figures: FIGURES,
  exercises: [
    {
      number: 1,
      file: READER,
      task: "toStreamEvents: turn the SDK's chunks into the kit's stream events",
      details:
        'Not every chunk has a choice: the usage the request asked for comes last, on a chunk ' +
        'whose choices are empty; pass chunk.usage on as a usage event. content is null or "" on ' +
        'chunks that carry no text: yield a text-delta only for a non-empty string, as soon as ' +
        'its chunk is read. The finish ' +
        'reason may come on a chunk of its own, twice, or as "" on chunks that end nothing: keep ' +
        'the last non-empty one, report one the kit does not know as unknown, and end with exactly ' +
        'one finish event, unknown when the stream never said (it was cut).',
      translations: { 'zh-CN': { task: 'toStreamEvents：把 SDK 的分块转换成课程的流事件' } },
    },
    {
      number: 2,
      file: ANSWER,
      task: 'answerOnce: show the answer as it arrives, with time to first token and usage',
      details:
        'Hand each non-empty text-delta to onEvent as soon as it arrives, not once the answer is ' +
        'whole. Read the clock (now) before the request and again at the first piece of text: ' +
        'the difference is the time to first token. Keep the usage event and the finish reason, ' +
        "send one answer-stats event after the stream, and return stopReason 'done' only for " +
        "finish reason stop; anything else is 'cut', with error saying why. A call that throws " +
        "returns stopReason 'model-error' with the error's message.",
      translations: {
        'zh-CN': { task: 'answerOnce：一到就显示回答，并给出首个 token 的耗时和用量' },
      },
    },
    {
      number: 3,
      file: FAILURE,
      task: 'explainFailure: put a failed call into one message that says what to do',
      details:
        'Ask what the SDK threw, most specific first: APIConnectionTimeoutError, then ' +
        'APIConnectionError (name the URL, the cause from describeCause and OPENAI_BASE_URL), then ' +
        "APIError with a status: quote the server's own sentence from its JSON body (error.error" +
        '.message), cut to MAX_QUOTED_CHARS on one line, and name the setting to check: ' +
        'OPENAI_API_KEY for 401, MODEL and OPENAI_BASE_URL for 404, waiting for 429, retrying for ' +
        '5xx, and only that one: a message naming every setting helps with no failure. Never a ' +
        'stack trace, and never the key itself.',
      translations: {
        'zh-CN': { task: 'explainFailure：把失败的调用写成一条说明下一步怎么做的消息' },
      },
    },
  ],
  checks: [
    {
      id: 'quirk-streams',
      exercise: 1,
      title:
        'quirk streams: "" and null content, the finish reason alone, twice, as "", never, unknown',
      hints: {
        default: `${READER}, TODO(1) — yield a text-delta only for non-empty string content, keep the last non-empty finish reason, and end with exactly one finish event`,
        content: `${READER}, TODO(1) — content is "" or null on chunks that carry no text: skip those rather than yield an empty or null text-delta`,
        'as-read': `${READER}, TODO(1) — yield each piece of text inside the loop, as its chunk is read: a reader that collects the stream first makes the person wait for the whole answer`,
        finish: `${READER}, TODO(1) — the finish reason can come on a chunk of its own, twice or as "": keep the last non-empty one, map one the kit does not know to unknown, and end with unknown when none came`,
      },
    },
    {
      id: 'usage-chunk',
      exercise: 1,
      title:
        'usage: on a last chunk with no choice, or beside the finish, it becomes one usage event',
      hints: {
        default: `${READER}, TODO(1) — read chunk.usage before looking for a choice (the usage chunk has choices: []) and yield { type: 'usage', promptTokens, completionTokens }`,
      },
    },
    {
      id: 'cut-stream',
      exercise: 2,
      dependsOn: ['quirk-streams', 'usage-chunk'],
      title: 'cut streams: finish reason length, or none at all, exit 1 saying why, not as done',
      hints: {
        default: `${ANSWER}, TODO(2) — return stopReason 'done' only when the finish reason is stop; for length or unknown return 'cut' with an error that says why`,
      },
    },
    {
      id: 'as-it-arrives',
      exercise: 2,
      title:
        'as it arrives: each piece of text is shown before the next is read, also in a real run',
      hints: {
        default: `${ANSWER}, TODO(2) — call onEvent with each non-empty text-delta inside the loop, as it arrives, not once with the whole text after it`,
      },
    },
    {
      id: 'first-token-and-usage',
      exercise: 2,
      title:
        "time to first token and usage: on the grader's clock and in a real run, in answer-stats",
      hints: {
        default: `${ANSWER}, TODO(2) — read now() before model.stream() and again at the first non-empty text-delta; keep the usage event; after the loop send one answer-stats event with finishReason, firstTokenMs and usage`,
      },
    },
    {
      id: 'http-error',
      exercise: 3,
      title:
        "HTTP errors: the status, the server's sentence and the setting to check, never the key",
      hints: {
        default: `${FAILURE}, TODO(3) — for an APIError with a status, give the status, error.error.message from the JSON body, and the one setting to check: OPENAI_API_KEY for 401, MODEL for 404, not the others; one line, no stack`,
      },
    },
    {
      id: 'refused-connection',
      exercise: 3,
      title: 'refused connections: the URL, the cause and OPENAI_BASE_URL, in one line',
      hints: {
        default: `${FAILURE}, TODO(3) — for an APIConnectionError, name the endpoint, describeCause(error.cause) (ECONNREFUSED) and OPENAI_BASE_URL, not the key or MODEL, which no server read; one line, no stack`,
      },
    },
  ],
});
