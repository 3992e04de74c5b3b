import type { Scenario, ScriptedTurn } from '@agent-course/core/offline';

/** The offline model's one answer: long enough to stream in several pieces. */
const ANSWER =
  'A coding agent is a loop around a model: it sends the conversation, streams the answer back, ' +
  'and, from day 3 on, runs the tools the model asks for and sends their results with the next ' +
  'request. Today it is one call: a question out, an answer streamed back piece by piece.';

/**
 * What `MOCK=1 pnpm start` plays for day 1, and what the grader plays when it drives a day-1 lab.
 * It lives in this package, not in the lab, so a student's edits cannot change what is graded.
 * Each turn already carries two of the day's quirks: a first chunk whose content is "", and the
 * finish reason on a chunk of its own; the usage follows on a chunk with no choice.
 */
export const d1Scenario: Scenario = {
  steps: (inject) => [() => answerFor(inject)],
  injections: {
    cut: 'stop the answer at the token limit (finish reason length)',
    no_finish: 'end the stream without any finish reason, as a dropped connection does',
  },
  seed: 1,
  quirks: {},
};

function answerFor(inject: string | undefined): ScriptedTurn {
  if (inject === 'cut')
    return { text: ANSWER.slice(0, ANSWER.indexOf(': it sends')), ending: 'length' };
  if (inject === 'no_finish')
    return { text: ANSWER.slice(0, ANSWER.indexOf(', and,')), ending: 'none' };
  return { text: ANSWER };
}
