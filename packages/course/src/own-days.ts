import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { DAY_ID, type DayManifest } from './day-manifest';
import { FINISHED_PACKAGES, type FinishedPackage } from './finished-packages';

// Which earlier days a student's later days run on: the kit's finished day (the default) or the
// student's own lab. The choice lives in one plain file at the kit's root, written by
// `pnpm switch`, read by `pnpm start`; grades ignore it, so a mistake in an early day never costs
// marks in a later one. Switching changes no package.json, so pnpm-lock.yaml never moves.

/** The file, at the kit's root, that records the days switched to the student's own. */
export const OWN_DAYS_FILE = 'my-days.json';

/**
 * `{ "d3": "mine" }`: each day listed as "mine" runs from the student's lab under the days after it;
 * "kit", like a day left out, runs the kit's finished day.
 */
export const OwnDays = z
  .record(
    z.string(),
    z.enum(['mine', 'kit'], {
      error: 'write "mine" or "kit" (the kit\'s, as when the day is left out)',
    }),
    { error: 'write an object such as { "d3": "mine" }' },
  )
  .superRefine((days, context) => {
    for (const day of Object.keys(days)) {
      if (!DAY_ID.test(day))
        context.addIssue({ code: 'custom', message: 'name a day, e.g. d3', path: [day] });
    }
  });
export type OwnDays = z.infer<typeof OwnDays>;

export type ReadOwnDaysResult = { ok: true; value: OwnDays } | { ok: false; error: string };

/** The student's choices; none when the file does not exist; an error that says how to mend it. */
export function readOwnDays(root: string): ReadOwnDaysResult {
  const file = path.join(root, OWN_DAYS_FILE);
  if (!existsSync(file)) return { ok: true, value: {} };
  const mend = `fix it, or delete it (rm ${OWN_DAYS_FILE}) to run every day on the kit's earlier days, then choose again with pnpm switch`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, error: `${OWN_DAYS_FILE} is not valid JSON (${reason}); ${mend}` };
  }
  const checked = OwnDays.safeParse(parsed);
  if (!checked.success) {
    const issues = checked.error.issues.map(
      (issue) => `${issue.path.join('.') || 'the file'}: ${issue.message}`,
    );
    return { ok: false, error: `${OWN_DAYS_FILE}: ${issues.join('; ')}; ${mend}` };
  }
  return { ok: true, value: checked.data };
}

/** The earlier days `manifest` builds on that the student switched to their own, in buildsOn's order. */
export function switchedDays({ manifest, own }: { manifest: DayManifest; own: OwnDays }): string[] {
  return (manifest.buildsOn ?? []).filter((day) => own[day] === 'mine');
}

/** The package name later days import a finished day by, e.g. `@agent-course/finished-d3`. */
export function finishedPackageName(finished: FinishedPackage): string {
  return `@agent-course/${path.basename(finished.directory)}`;
}

/** The finished package of `day`, if a later day builds on it. */
export function findFinishedPackage(
  day: string,
  packages: readonly FinishedPackage[] = FINISHED_PACKAGES,
): FinishedPackage | undefined {
  return packages.find((finished) => finished.day === day);
}
