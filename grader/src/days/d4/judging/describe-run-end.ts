/** What the grader knows about how a scripted run ended. */
export interface RunEnd {
  /** runAgent's stopReason: done, max-turns, aborted or model-error. */
  stopReason: string;
  /** runAgent's sentence for a run that did not end with done. */
  error?: string;
  /** The last call whose result was { ok: false }, and the first line of what it answered. */
  lastFailure?: { tool: string; answer: string };
}

/** The longest quote of a failed call's answer. */
const MAX_QUOTED_CHARS = 120;

/**
 * How the run ended, in words a student can act on: the loop's stop reasons (`model-error`,
 * `max-turns`) are names from day 3's code, and the offline model "failing" only means its script
 * ran out because the lab's tools kept refusing. The last failed call says which tool to look at.
 */
export function describeRunEnd({ stopReason, error, lastFailure }: RunEnd): string {
  const ending =
    stopReason === 'done'
      ? 'the model then gave its final answer'
      : stopReason === 'max-turns'
        ? 'the run used up all its turns without a final answer'
        : stopReason === 'aborted'
          ? 'the run was cancelled'
          : error?.includes('ran out')
            ? 'the run stopped early: the offline model ran out of moves, because a call kept failing and it retried it every turn'
            : `the run stopped early: ${error ?? 'the model request failed'}`;
  if (!lastFailure) return ending;
  const answer =
    lastFailure.answer.length > MAX_QUOTED_CHARS
      ? `${lastFailure.answer.slice(0, MAX_QUOTED_CHARS)}…`
      : lastFailure.answer;
  return `${ending}; the last call that failed was ${lastFailure.tool}, which answered ${JSON.stringify(answer)}`;
}
