import type { CheckOutcome } from './check';
import type { ToolThrowSeen } from '../beside-lab/observations';

/**
 * A failure seen after one of the lab's tools threw, told with that throw: the got line says which
 * tool threw and where (`; edit_file threw at src/tools/edit-file.ts:72`), and the hint blames
 * that place and the TODO owning it (see blame-throw.ts), not the check's own TODO, which may be
 * another exercise's (stale-edit's is read_file's). With no line of the lab's, only the tool is
 * named and the check's hint stands. A passed outcome, or one that already names a throw, is kept.
 */
export function blameFirstThrow({
  outcome,
  thrown,
}: {
  outcome: CheckOutcome;
  /** The first throw of the lab's tools, as the check process saw it. */
  thrown: ToolThrowSeen | undefined;
}): CheckOutcome {
  if (outcome.passed || outcome.threw || !thrown) return outcome;
  const { at } = thrown;
  return {
    ...outcome,
    got: `${outcome.got}; ${thrown.tool} threw${at ? ` at ${at}` : ''}`,
    ...(at ? { threw: { at } } : {}),
  };
}
