import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { type DayCheck, type DayManifest, findDays, type StretchCheck } from '@agent-course/course';
import type { Check, CheckModule, ProcessRunModule } from './check';
import { importKitModule } from './import-kit-module';
import { GRADER_DAYS_DIR, KIT_ROOT } from './kit-paths';

/** A graded day: its manifest, and its checks with their code found by convention. */
export interface Day {
  /** The day's id on the command line, e.g. `d3`. */
  id: string;
  /** The student's starter, relative to the kit root; graded by default. */
  labDir: string;
  /** The reference solution, relative to the kit root; graded with --solution. */
  solutionDir: string;
  /** The day as `labs/<id>/day.ts` declares it. */
  manifest: DayManifest;
  /** The checks, in the order they are reported. */
  checks: Check[];
  /** The optional stretch checks, run only with --stretch and never counted in the score. */
  stretch: Check[];
  /**
   * The checks that also need the lab's command line as a real process, each with the code of that
   * run: `grader/src/days/<id>/process-runs/<check id>.ts`. The grader runs it beside the check
   * process, and the check passes only when both parts do.
   */
  processRuns: Map<string, () => Promise<ProcessRunModule>>;
}

/** The days the grader knows, and the days whose manifest or checks are broken, with why. */
export interface GradedDays {
  days: Day[];
  broken: Array<{ id: string; error: string }>;
}

/**
 * Every day with a `labs/<id>/day.ts`, read from the kit, never from a hand-kept list. A day whose
 * manifest does not load, or names a check without its file, is listed as broken with the reason.
 */
export async function findGradedDays(options: { only?: string } = {}): Promise<GradedDays> {
  const found = await findDays({
    root: KIT_ROOT,
    parent: 'labs',
    importModule: importKitModule,
    ...options,
  });
  const days: Day[] = [];
  const broken: GradedDays['broken'] = [];
  for (const { id, relativeDir, manifest } of found) {
    if (!manifest.ok) {
      broken.push({ id, error: manifest.error });
      continue;
    }
    // Each check is a judging part (checks/) and a driving part (beside-lab/), and the day has a
    // lab loader beside the lab.
    const missing = [
      ...[...manifest.value.checks, ...(manifest.value.stretch ?? [])].flatMap((check) => [
        `grader/src/days/${id}/checks/${check.id}.ts`,
        `grader/src/days/${id}/beside-lab/${check.id}.ts`,
      ]),
      `grader/src/days/${id}/beside-lab/load-lab.ts`,
    ].filter((file) => !existsSync(join(KIT_ROOT, file)));
    if (missing.length > 0) {
      broken.push({
        id,
        error: `${relativeDir}/day.ts lists checks without code: write ${missing.join(', ')}, or remove them from day.ts`,
      });
      continue;
    }
    days.push(toDay({ id, manifest: manifest.value }));
  }
  return { days, broken };
}

function toDay({ id, manifest }: { id: string; manifest: DayManifest }): Day {
  const dayDir = join(GRADER_DAYS_DIR, id);
  const processRunFile = (checkId: string) => join(dayDir, 'process-runs', `${checkId}.ts`);
  return {
    id,
    labDir: `labs/${id}`,
    solutionDir: `solutions/${id}`,
    manifest,
    checks: manifest.checks.map((check) => withCode({ dayDir, check })),
    stretch: (manifest.stretch ?? []).map((check) => withCode({ dayDir, check })),
    processRuns: new Map(
      manifest.checks
        .filter((check) => existsSync(processRunFile(check.id)))
        .map((check) => [
          check.id,
          () => importKitModule(processRunFile(check.id)) as Promise<ProcessRunModule>,
        ]),
    ),
  };
}

/** A check as the manifest declares it, with `load` importing its code by convention. */
function withCode({ dayDir, check }: { dayDir: string; check: DayCheck | StretchCheck }): Check {
  return {
    ...check,
    load: () => importKitModule(join(dayDir, 'checks', `${check.id}.ts`)) as Promise<CheckModule>,
  };
}
