import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MANIFEST_FILE } from '@agent-course/course';

/**
 * A notice for the instructor when a day's manifest in `solutions/` (the truth they edit) differs
 * from the copy in `labs/` (which the grader reads, since students have no solutions), or
 * undefined. A hint or title edited in the solution reaches grades only once `pnpm starter`
 * copies it; without this, the old hint would be printed with no sign why. A kit without the
 * solution (a student's) gets no notice.
 */
export function findStaleManifest({
  kitRoot,
  dayId,
  labDir,
  solutionDir,
}: {
  kitRoot: string;
  dayId: string;
  /** The day's starter, relative to the kit root, e.g. `labs/d3`. */
  labDir: string;
  /** The day's solution, relative to the kit root, e.g. `solutions/d3`. */
  solutionDir: string;
}): string | undefined {
  const read = (dir: string) => {
    try {
      return readFileSync(join(kitRoot, dir, MANIFEST_FILE), 'utf8');
    } catch {
      return undefined;
    }
  };
  const solution = read(solutionDir);
  if (solution === undefined || solution === read(labDir)) return undefined;
  return (
    `Note for instructors: ${solutionDir}/${MANIFEST_FILE} differs from ${labDir}/${MANIFEST_FILE}, which the grader reads, ` +
    `so its hints and titles are not the solution's yet; run \`pnpm starter ${dayId}\` to copy them (it stops before overwriting uncommitted work in the lab).`
  );
}
