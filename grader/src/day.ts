import { existsSync } from 'node:fs';
import { relative } from 'node:path';
import { type DayCheck, type DayManifest, findDays, type StretchCheck } from '@agent-course/course';
import type { Check, JudgingPart } from './check';
import type { DayDriving } from './beside-lab/driving-part';
import { importKitModule } from './import-kit-module';
import { dayListFile, KIT_ROOT } from './kit-paths';

/** A graded day: its manifest, and its checks with their judging parts. */
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
}

/** The days the grader knows, and the days whose manifest or checks are broken, with why. */
export interface GradedDays {
  days: Day[];
  broken: Array<{ id: string; error: string }>;
}

/**
 * Every day with a `labs/<id>/day.ts`, read from the kit, never from a hand-kept list. A day is
 * listed as broken, with the reason, when its manifest does not load, or when its checks' lists
 * (`grader/src/days/<id>/checks/index.ts` and `beside-lab/index.ts`) do not name the manifest's
 * checks, no more and no fewer.
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
    const lists = await loadLists(id);
    const problems = lists.ok
      ? findListProblems({ manifest: manifest.value, lists: lists.value.named })
      : [lists.error];
    if (!lists.ok || problems.length > 0) {
      broken.push({
        id,
        error: `${relativeDir}/day.ts and its lists of checks disagree: ${problems.join('; ')}`,
      });
      continue;
    }
    const { judgingParts } = lists.value;
    // Only what a check's judging part is for the grade: its module exports more for the tests.
    const withJudgingPart = (check: DayCheck | StretchCheck): Check => {
      const { judge, realRun } = judgingParts[check.id]!;
      return { ...check, judge, ...(realRun ? { realRun } : {}) };
    };
    days.push({
      id,
      labDir: `labs/${id}`,
      solutionDir: `solutions/${id}`,
      manifest: manifest.value,
      checks: manifest.value.checks.map(withJudgingPart),
      stretch: (manifest.value.stretch ?? []).map(withJudgingPart),
    });
  }
  return { days, broken };
}

/** The ids a list of a day's checks names, with the list's file, relative to the kit. */
interface NamedInList {
  file: string;
  ids: string[];
}

/**
 * A day's two lists: the judging parts, and the ids the driving list names (its code is run by
 * the check process, not here).
 */
async function loadLists(
  dayId: string,
): Promise<
  | { ok: true; value: { judgingParts: Record<string, JudgingPart>; named: NamedInList[] } }
  | { ok: false; error: string }
> {
  const files = (['checks', 'beside-lab'] as const).map((side) => dayListFile({ dayId, side }));
  const missing = files.filter((file) => !existsSync(file));
  if (missing.length > 0) {
    const shown = missing.map((file) => relative(KIT_ROOT, file)).join(' and ');
    return {
      ok: false,
      error: `write ${shown}, each listing the day's checks (see CONTRIBUTING.md)`,
    };
  }
  const [checksFile, drivingFile] = files as [string, string];
  const { judgingParts } = (await importKitModule(checksFile)) as {
    judgingParts: Record<string, JudgingPart>;
  };
  const { drivingParts } = (await importKitModule(drivingFile)) as DayDriving;
  return {
    ok: true,
    value: {
      judgingParts,
      named: [
        { file: relative(KIT_ROOT, checksFile), ids: Object.keys(judgingParts) },
        { file: relative(KIT_ROOT, drivingFile), ids: Object.keys(drivingParts) },
      ],
    },
  };
}

/** What each list lacks of the manifest's checks, and what it names that the manifest does not. */
export function findListProblems({
  manifest,
  lists,
}: {
  manifest: DayManifest;
  lists: NamedInList[];
}): string[] {
  const declared = [...manifest.checks, ...(manifest.stretch ?? [])].map((check) => check.id);
  return lists.flatMap(({ file, ids }) => {
    const missing = declared.filter((id) => !ids.includes(id));
    const extra = ids.filter((id) => !declared.includes(id));
    return [
      ...(missing.length > 0
        ? [`${file} has no ${missing.join(', ')}: add each check's part there`]
        : []),
      ...(extra.length > 0
        ? [
            `${file} lists ${extra.join(', ')}, which day.ts does not: remove it, or add the check to day.ts`,
          ]
        : []),
    ];
  });
}
