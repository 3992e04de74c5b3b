import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { DAY_ID } from '@agent-course/course';

/**
 * The days that exist, read from the repository rather than kept by hand: every `solutions/dN`
 * folder, in day order. A new day is picked up by every command the moment its solution exists.
 */
export async function listSolutionDays(root: string): Promise<string[]> {
  const entries = await readdir(path.join(root, 'solutions'), { withFileTypes: true }).catch(
    () => [],
  );
  return entries
    .filter((entry) => entry.isDirectory() && DAY_ID.test(entry.name))
    .map((entry) => entry.name)
    .sort((left, right) => Number(left.slice(1)) - Number(right.slice(1)));
}

/** The sentence for a day that does not exist, listing those that do. */
export function unknownDayMessage({ day, days }: { day: string; days: string[] }): string {
  return `there is no day ${day} (no solutions/${day}); the days are: ${days.join(', ') || 'none yet'}`;
}
