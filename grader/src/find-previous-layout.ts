import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { MANIFEST_FILE } from '@agent-course/course';
import type { Day } from './day';

/**
 * Why a lab looks written against the course's previous layout, or undefined. Since the lesson
 * and the platform were split, every lab carries its day's manifest (`day.ts`) and its engines
 * live in packages; a lab without the manifest cannot be graded as it is, but its exercise bodies
 * carry over unchanged. The message names each exercise, from the day's manifest.
 */
export function findPreviousLayout({
  labDir,
  label,
  day,
}: {
  labDir: string;
  label: string;
  day: Day;
}): string | undefined {
  // A folder that is no lab at all gets stageLab's own message.
  if (!existsSync(join(labDir, 'package.json')) || existsSync(join(labDir, MANIFEST_FILE)))
    return undefined;
  const exercises = day.manifest.exercises.map(
    (exercise) => `  TODO(${exercise.number}) in ${exercise.file}: ${exercise.task}`,
  );
  return [
    `${label} was written for the course's previous layout (it has no ${MANIFEST_FILE}), so it cannot be graded as it is.`,
    `Your work carries over: start from a fresh ${day.labDir} (git checkout, or a new copy of the template),`,
    'then copy the body of each exercise you wrote into the same place there, between its TODO comment and the code after it:',
    ...exercises,
    `Then run \`pnpm grade ${day.id}\` again.`,
  ].join('\n');
}
