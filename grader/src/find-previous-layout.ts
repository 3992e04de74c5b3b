import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MANIFEST_FILE } from '@agent-course/course';
import type { Day } from './day';

/** The package that defines day manifests, which every lab of this layout depends on. */
const COURSE_PACKAGE = '@agent-course/course';

/**
 * Why a lab looks written against the course's previous layout, or undefined. Since the lesson
 * and the platform were split, every lab carries its day's manifest (`day.ts`), depends on the
 * package that defines it (`@agent-course/course`) and finds its engines in packages. A folder
 * with neither is of the previous layout: it cannot be graded as it is, but its exercise bodies
 * carry over unchanged, and the message names each exercise, from the day's manifest. A folder of
 * this layout without its `day.ts` (a submission of `src/` and `package.json`, as the autograders
 * take it) is graded against the kit's manifest, which is what a grade reads anyway.
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
  if (dependsOnCourse(join(labDir, 'package.json'))) return undefined;
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

/** Whether a package.json depends on the package of the day manifests (this layout's mark). */
function dependsOnCourse(manifest: string): boolean {
  try {
    const json = JSON.parse(readFileSync(manifest, 'utf8')) as {
      dependencies?: Record<string, string>;
      devDependencies?: Record<string, string>;
    };
    return COURSE_PACKAGE in { ...json.dependencies, ...json.devDependencies };
  } catch {
    return false;
  }
}
