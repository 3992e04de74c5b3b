import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { resolveDay } from './day-paths';
import { generateStarter, type LocatedRegion } from './generate-starter';
import { planStarter, type StarterPlan } from './plan-starter';
import type { MarkerProblem } from './strip-exercise-regions';

/** What syncStarter did (write mode) or found (check mode). */
export type SyncStarterResult =
  | {
      ok: true;
      /** What the lab needed; in check mode nothing of it was applied. */
      plan: StarterPlan;
      /** The exercise regions of the solution. */
      regions: LocatedRegion[];
    }
  | { ok: false; problems: MarkerProblem[] };

/**
 * Regenerates labs/<day> from solutions/<day> (`check: false`) or only compares them
 * (`check: true`). Writes happen after everything was generated, and only for files whose
 * content changes, so a second run touches nothing.
 */
export async function syncStarter(options: {
  root: string;
  day: string;
  check: boolean;
}): Promise<SyncStarterResult> {
  const resolved = resolveDay({ root: options.root, day: options.day });
  if (!resolved.ok)
    return { ok: false, problems: [{ path: options.day, line: 1, reason: resolved.error }] };
  const paths = resolved.value;
  const generated = await generateStarter(paths);
  if (!generated.ok) return generated;
  const plan = await planStarter({ paths, generated: generated.value });
  if (!options.check) {
    for (const { relativePath, content } of plan.writes) {
      const target = path.join(paths.lab, relativePath);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, content);
    }
    for (const relativePath of plan.removals) {
      await rm(path.join(paths.lab, relativePath));
    }
  }
  return { ok: true, plan, regions: generated.value.regions };
}
