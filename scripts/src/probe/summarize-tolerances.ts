import type { ProbeRun } from './probe-run';

/**
 * What an accumulator must put up with on this gateway, as sentences drawn from what the runs
 * showed. Only what was seen is claimed; the closing line says why a clean result is no promise.
 */
export function summarizeTolerances(runs: ProbeRun[]): string[] {
  const answered = runs.filter((run) => run.calls > 0);
  if (answered.length === 0) {
    return [
      'No run sent a tool call, so nothing can be said about merging. Check that MODEL supports tool calls, then run the probe again.',
    ];
  }
  const lines: string[] = [];
  const runsWhere = (test: (run: ProbeRun) => boolean) =>
    answered.filter(test).map((run) => run.run);

  const bases = new Map<string, number[]>();
  for (const run of answered) {
    const key = String(run.indexBase);
    bases.set(key, [...(bases.get(key) ?? []), run.run]);
  }
  if (bases.has('none')) {
    lines.push(
      `fragments came with no index (${list(bases.get('none')!)}): calls must be told apart by id, or by order when even the id is missing.`,
    );
  }
  const numeric = [...bases.keys()].filter((key) => key !== 'none');
  if (numeric.length > 1) {
    const seen = numeric.map((key) => `${key} in ${list(bases.get(key)!)}`).join(' and at ');
    lines.push(
      `the same question started the index at ${seen}: key calls by index in a Map, never by position in an array.`,
    );
  } else if (numeric.length === 1 && numeric[0] !== '0') {
    lines.push(
      `the index started at ${numeric[0]}, not 0: an array indexed by it would hold an empty call first; key calls by index in a Map.`,
    );
  }
  const interleaved = runsWhere((run) => run.interleaved);
  if (interleaved.length > 0) {
    lines.push(
      `fragments of parallel calls arrived interleaved (${list(interleaved)}): append each piece to its own call, never to the latest one.`,
    );
  }
  const repeatedIds = runsWhere((run) => run.ids === 'repeated' || run.names === 'repeated');
  if (repeatedIds.length > 0) {
    lines.push(
      `ids or names came in more than one fragment (${list(repeatedIds)}): set them, never append them.`,
    );
  }
  const emptyReasons = runsWhere((run) => run.finishReasons.includes(''));
  if (emptyReasons.length > 0) {
    lines.push(
      `"" arrived as a finish reason before the real one (${list(emptyReasons)}): an empty reason is no reason.`,
    );
  }
  const stopWithCalls = runsWhere((run) => run.stopWithCalls);
  if (stopWithCalls.length > 0) {
    lines.push(
      `a turn with calls ended with finish reason stop (${list(stopWithCalls)}): decide a tool turn by the merged calls, not only by the reason.`,
    );
  }
  const usage = runsWhere((run) => run.usageChunks > 0);
  if (usage.length > 0) {
    lines.push(
      `chunks with usage or without any choice arrived (${list(usage)}): skip a chunk that has no choice.`,
    );
  }
  const objects = runsWhere((run) => run.objectArguments);
  if (objects.length > 0) {
    lines.push(
      `arguments arrived as a JSON object, not text (${list(objects)}): they must be turned back into text before parsing.`,
    );
  }
  const noDone = runsWhere((run) => !run.sawDone);
  if (noDone.length > 0) {
    lines.push(
      `streams ended without [DONE] (${list(noDone)}): end a turn when the stream ends, and treat a missing finish reason as a possible cut.`,
    );
  }
  if (lines.length === 0) {
    lines.push(
      'these runs were well behaved (index from 0, calls one after the other, ids once, finish tool_calls).',
    );
  }
  lines.push(
    'What one gateway did in these runs is no promise for the next: the accumulator should tolerate all of the above anyway.',
  );
  return lines;
}

function list(runs: number[]): string {
  return `${runs.length === 1 ? 'run' : 'runs'} ${runs.join(', ')}`;
}
