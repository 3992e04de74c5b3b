import { readLabFile } from './read-lab-file';

/** A kit lab's or solution's package name, which says its day: `@agent-course/d4-lab`. */
const DAY_PACKAGE = /^@agent-course\/(d\d+)-(lab|solution)$/;

/**
 * Why a lab cannot be graded as `dayId` because it is another day's, or undefined. Its
 * package.json, which the starter generator names for the day, says which: graded as the wrong
 * day, every check would fail on files the lab was never meant to have, without saying why. Also
 * why, when that package.json cannot be read safely (see readLabFile).
 */
export function findOtherDay({
  labDir,
  label,
  typedPath,
  dayId,
}: {
  labDir: string;
  /** The lab as the report names it. */
  label: string;
  /** The lab's path as the student types it where they are, so the suggested command works there. */
  typedPath: string;
  /** The day asked for. */
  dayId: string;
}): string | undefined {
  // Read as the grader, often root: a package.json that is a link (to /dev/zero, to a file only
  // root may read) or no regular file is refused here, before anything else reads it.
  const packageJson = readLabFile({ labDir, file: 'package.json' });
  if (!packageJson.ok) {
    // No package.json: stageLab says the folder is not a lab.
    return packageJson.missing ? undefined : `${label} cannot be graded: its ${packageJson.error}.`;
  }
  let name: unknown;
  try {
    name = (JSON.parse(packageJson.text) as { name?: unknown }).name;
  } catch {
    // Not JSON: graded as asked, and its compile says what is wrong.
    return undefined;
  }
  const match = typeof name === 'string' ? DAY_PACKAGE.exec(name) : null;
  if (!match || match[1] === dayId) return undefined;
  const [, labDay, kind] = match;
  return (
    `${label} is ${labDay}'s ${kind === 'lab' ? 'lab' : 'solution'} (its package.json is ${name}), not ${dayId}'s, ` +
    `so ${dayId}'s checks cannot grade it. To grade it as ${labDay}, type: pnpm grade ${labDay} --lab ${typedPath}`
  );
}
