import { existsSync } from 'node:fs';
import { relative } from 'node:path';
import { type DayCheck, type DayManifest, findDays, type StretchCheck } from '@agent-course/course';
import type { Check, JudgingPart } from './check';
import { importKitModule } from '../beside-lab/import-kit-module';
import { dayListFile, KIT_ROOT } from '../beside-lab/kit-paths';

/** A graded day, as its manifest declares it. */
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
  checks: DayCheck[];
  /** The optional stretch checks, run only with --stretch and never counted in the score. */
  stretch: StretchCheck[];
}

/** The days the grader knows, and the days whose manifest is broken, with why. */
export interface GradedDays {
  days: Day[];
  broken: Array<{ id: string; error: string }>;
}

/**
 * Every day with a `labs/<id>/day.ts`, read from the kit, never from a hand-kept list. A day whose
 * manifest does not load is listed as broken with the reason. Its checks' code is loaded only for
 * the day graded (see loadChecks).
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
  for (const { id, manifest } of found) {
    if (!manifest.ok) {
      broken.push({ id, error: manifest.error });
      continue;
    }
    days.push({
      id,
      labDir: `labs/${id}`,
      solutionDir: `solutions/${id}`,
      manifest: manifest.value,
      checks: manifest.value.checks,
      stretch: manifest.value.stretch ?? [],
    });
  }
  return { days, broken };
}

/**
 * `day.checks` with their judging parts, from the day's list, `days/<id>/judging/index.ts`; or, when
 * the list and the manifest do not name the same checks, what to change.
 */
export async function loadChecks(
  day: Pick<Day, 'id' | 'manifest' | 'checks'>,
): Promise<{ ok: true; value: Check[] } | { ok: false; error: string }> {
  const file = dayListFile({ dayId: day.id, side: 'judging' });
  const shown = relative(KIT_ROOT, file);
  if (!existsSync(file)) {
    return {
      ok: false,
      error: `${day.id} cannot be graded: write ${shown}, listing its checks' judging parts (see CONTRIBUTING.md).`,
    };
  }
  const { judgingParts } = (await importKitModule(file)) as {
    judgingParts: Record<string, JudgingPart>;
  };
  const problems = findListProblems({
    manifest: day.manifest,
    list: { file: shown, ids: Object.keys(judgingParts) },
  });
  if (problems.length > 0) {
    return { ok: false, error: `${day.id} cannot be graded: ${problems.join('; ')}.` };
  }
  return {
    ok: true,
    value: day.checks.map((check) => {
      // Only what the grade needs of the part: its module exports more, for the tests.
      const { judge, realRun } = judgingParts[check.id]!;
      return { ...check, judge, ...(realRun ? { realRun } : {}) };
    }),
  };
}

/**
 * What a list of a day's checks (`file`, relative to the kit) lacks of the manifest's checks and
 * stretch checks, and what it names that the manifest does not.
 */
export function findListProblems({
  manifest,
  list,
}: {
  manifest: DayManifest;
  list: { file: string; ids: string[] };
}): string[] {
  const declared = [...manifest.checks, ...(manifest.stretch ?? [])].map((check) => check.id);
  const missing = declared.filter((id) => !list.ids.includes(id));
  const extra = list.ids.filter((id) => !declared.includes(id));
  return [
    ...(missing.length > 0
      ? [
          `${list.file} has no ${missing.join(', ')}, which labs/${manifest.id}/day.ts lists: add each there`,
        ]
      : []),
    ...(extra.length > 0
      ? [
          `${list.file} lists ${extra.join(', ')}, which labs/${manifest.id}/day.ts does not: remove it there, or add the check to day.ts`,
        ]
      : []),
  ];
}
