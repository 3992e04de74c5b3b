import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { DAY_ID } from './day-manifest';

// The student's last score per day, kept on their machine for `pnpm progress`: `pnpm grade` writes
// it when it grades the kit's own lab of a day for a person to read; nothing sends it anywhere, and
// git ignores the file. Losing it loses nothing: grading again writes it again.

/** The file, at the kit's root. */
export const LAST_GRADES_FILE = '.course-progress.json';

/** One day's last grade. */
export const LastGrade = z.strictObject({
  score: z.number().int().nonnegative(),
  max: z.number().int().positive(),
  /** When it was graded, as an ISO date. */
  at: z.iso.datetime(),
});
export type LastGrade = z.infer<typeof LastGrade>;

/** Every day's last grade, by day id. */
export const LastGrades = z.record(z.string().regex(DAY_ID), LastGrade);
export type LastGrades = z.infer<typeof LastGrades>;

/** The last grades recorded; none when the file is missing or unreadable (it is only a cache). */
export function readLastGrades(root: string): LastGrades {
  const file = path.join(root, LAST_GRADES_FILE);
  if (!existsSync(file)) return {};
  try {
    const checked = LastGrades.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    return checked.success ? checked.data : {};
  } catch {
    return {};
  }
}

/** Records `grade` as `day`'s last; false when the file cannot be written, which a grade ignores. */
export function recordLastGrade({
  root,
  day,
  grade,
}: {
  root: string;
  day: string;
  grade: LastGrade;
}): boolean {
  const grades = { ...readLastGrades(root), [day]: grade };
  const sorted = Object.fromEntries(
    Object.entries(grades).sort(([a], [b]) => Number(a.slice(1)) - Number(b.slice(1))),
  );
  try {
    writeFileSync(path.join(root, LAST_GRADES_FILE), `${JSON.stringify(sorted, null, 2)}\n`);
    return true;
  } catch {
    return false;
  }
}
