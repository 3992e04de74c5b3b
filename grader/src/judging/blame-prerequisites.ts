import type { Check } from './check';
import type { JudgedResult } from './judged-result';

/**
 * Points a failing check at the prerequisite it depends on (`dependsOn` in the day's manifest)
 * when that prerequisite failed too: a later check cannot work on calls the accumulator never
 * merged, so its own TODO may well be right, and the student should fix the prerequisite first.
 * A check stopped for time keeps its plain report, which names no TODO. A check that threw in
 * given code is sent to the prerequisite alone.
 */
export function blamePrerequisites({
  checks,
  results,
  shown,
}: {
  /** The checks that ran, in the day's order. */
  checks: Check[];
  /** Their finished results, by check id. */
  results: Map<string, JudgedResult>;
  /**
   * The checks the report shows (all of them unless --only): a prerequisite shown there is named
   * by its place alone, its whole hint being a few lines above.
   */
  shown?: Set<string>;
}): Map<string, JudgedResult> {
  const blamed = new Map(results);
  for (const check of checks) {
    const result = results.get(check.id);
    if (!result || result.status === 'pass' || result.errorKind === 'timeout') continue;
    const failing = (check.dependsOn ?? [])
      .map((id) => results.get(id))
      .filter((prerequisite) => prerequisite !== undefined && prerequisite.status !== 'pass');
    const [first] = failing;
    // The same hint twice (a lab that does not compile fails every check alike) needs no second telling.
    if (!first || first.hint === result.hint) continue;
    const place = placeOf(first.hint);
    const firstHint =
      shown?.has(first.id) && place
        ? `${place} (its hint is above)`
        : first.hint || 'see its report';
    // A throw in code no exercise owns (the given loop, most often) on what the failing
    // prerequisite's code handed it is no place to edit: the prerequisite is what to do.
    const unowned = result.unownedThrow;
    const then = unowned
      ? `; then grade again: the throw at ${unowned} may well come from what that broken code handed it`
      : result.hint
        ? `; then, if ${check.id} still fails: ${result.hint}`
        : '';
    blamed.set(check.id, {
      ...result,
      hint: `${first.id} fails too, so fix it first: ${firstHint}${then}`,
    });
  }
  return blamed;
}

/** Where a hint sends the student (`src/file.ts, TODO(1)`): what comes before its dash, if any. */
function placeOf(hint: string): string | undefined {
  const dash = hint.indexOf(' — ');
  return dash > 0 ? hint.slice(0, dash) : undefined;
}

/** The checks to run for `selected`: each of them, and every check they depend on, in the day's order. */
export function withPrerequisites({
  checks,
  selected,
}: {
  checks: Check[];
  selected: Check[];
}): Check[] {
  const needed = new Set(selected.map((check) => check.id));
  // The manifest lists a check's prerequisites before it, so one pass from the end finds them all.
  for (const check of [...checks].reverse()) {
    if (needed.has(check.id)) for (const id of check.dependsOn ?? []) needed.add(id);
  }
  return checks.filter((check) => needed.has(check.id));
}
