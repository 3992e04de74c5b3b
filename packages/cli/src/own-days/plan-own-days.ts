import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  type DayManifest,
  findFinishedPackage,
  finishedPackageName,
  type OwnDays,
} from '@agent-course/course';

/** What a lab's `pnpm start` runs on: the line that says so, and where each switched day is. */
export interface OwnDaysPlan {
  /** The first line of the run, e.g. `day 4 runs on your day 3 (labs/d3; …)`; absent for a day built on none. */
  line?: string;
  /** Each earlier day switched to the student's: the package later days import it by, and the lab's entry. */
  switched: Array<{ day: string; packageName: string; lab: string; entry: string }>;
}

export type PlanOwnDaysResult = { ok: true; value: OwnDaysPlan } | { ok: false; error: string };

/** How a day reads in the first line: `day 3`. */
const dayName = (day: string) => `day ${day.slice(1)}`;

/**
 * Which of the earlier days `manifest` builds on are the student's (switched in `own`) and which
 * the kit's, and the line that says it. A switched day needs its lab folder, whose package entry
 * takes the place of the finished package.
 */
export function planOwnDays({
  root,
  manifest,
  own,
}: {
  /** The kit's root. */
  root: string;
  manifest: DayManifest;
  own: OwnDays;
}): PlanOwnDaysResult {
  const earlier = manifest.buildsOn ?? [];
  if (earlier.length === 0) return { ok: true, value: { switched: [] } };
  const switched: OwnDaysPlan['switched'] = [];
  const parts: string[] = [];
  for (const day of earlier) {
    const finished = findFinishedPackage(day);
    if (own[day] !== 'mine' || !finished) {
      parts.push(`the kit's ${dayName(day)}`);
      continue;
    }
    const lab = `labs/${day}`;
    const entry = path.join(root, lab, 'src', 'index.ts');
    if (!existsSync(entry)) {
      return {
        ok: false,
        error: `my-days.json runs ${dayName(day)} as yours, but ${lab}/src/index.ts does not exist; restore it (git checkout ${lab}/src/index.ts), or run \`pnpm switch ${day} kit\``,
      };
    }
    switched.push({
      day,
      packageName: finishedPackageName(finished),
      lab,
      entry: pathToFileURL(entry).href,
    });
    parts.push(`your ${dayName(day)} (${lab})`);
  }
  const only = earlier.length === 1 ? earlier[0]! : undefined;
  // A repository of one day (a class's template) has no earlier lab to switch to.
  const switchable = earlier.some((day) => existsSync(path.join(root, 'labs', day)));
  const how = !switchable
    ? ''
    : only
      ? `; \`pnpm switch ${only} ${switched.length > 0 ? 'kit' : 'mine'}\` runs it on ${switched.length > 0 ? "the kit's" : 'yours'}`
      : '; `pnpm switch <day> mine|kit` changes one';
  const line = `${dayName(manifest.id)} runs on ${parts.join(' and ')}${how}`;
  return { ok: true, value: { line, switched } };
}
