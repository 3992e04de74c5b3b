import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { type DayManifest, loadDayManifest, MANIFEST_FILE } from '@agent-course/course';
import type { DayPaths } from './day-paths';
import { listPackageFiles } from './list-package-files';
import { FILE_RULES, SOLUTION_ONLY_FILES } from './starter-rules';
import type { ExerciseRegion, MarkerProblem } from './strip-exercise-regions';

/** An exercise region together with the solution file it was found in. */
export interface LocatedRegion extends ExerciseRegion {
  /** The solution file, relative to the repository root. */
  path: string;
}

/** The starter as it should be, held in memory until every file has been generated. */
export interface GeneratedStarter {
  /** Package-relative path → content, for every generated file. */
  files: Map<string, Buffer>;
  /** Every exercise region of the day, in file then line order. */
  regions: LocatedRegion[];
  /** The day's manifest, read from the solution. */
  manifest: DayManifest;
}

export type GenerateResult =
  { ok: true; value: GeneratedStarter } | { ok: false; problems: MarkerProblem[] };

/**
 * Builds labs/<day> from solutions/<day> in memory. Nothing is written here, so a single bad
 * marker anywhere leaves the lab untouched.
 */
export async function generateStarter(paths: DayPaths): Promise<GenerateResult> {
  const files = new Map<string, Buffer>();
  const regions: LocatedRegion[] = [];
  const problems: MarkerProblem[] = [];
  const relativePaths = await listPackageFiles(paths.solution);
  if (relativePaths.length === 0) {
    const reason = `has no files; create the solution package first (pnpm new-day ${paths.day})`;
    return { ok: false, problems: [{ path: paths.solutionRelative, line: 1, reason }] };
  }
  const manifest = await loadDayManifest({ dayDir: paths.solution, shown: paths.solutionRelative });
  if (!manifest.ok) {
    const manifestPath = `${paths.solutionRelative}/${MANIFEST_FILE}`;
    return { ok: false, problems: [{ path: manifestPath, line: 1, reason: manifest.error }] };
  }
  const { exercises } = manifest.value;

  for (const relativePath of relativePaths) {
    if (SOLUTION_ONLY_FILES.includes(relativePath)) continue;
    const content = await readFile(path.join(paths.solution, relativePath));
    const rule = FILE_RULES.find((candidate) => candidate.matches(relativePath));
    if (!rule) {
      files.set(relativePath, content);
      continue;
    }
    const displayPath = `${paths.solutionRelative}/${relativePath}`;
    const result = rule.transform({
      day: paths.day,
      path: displayPath,
      text: content.toString('utf8'),
      exercises,
    });
    if (!result.ok) {
      problems.push(...result.problems);
      continue;
    }
    files.set(relativePath, Buffer.from(result.text, 'utf8'));
    regions.push(...result.regions.map((region) => ({ ...region, path: displayPath })));
  }

  problems.push(...findDuplicateNumbers(regions));
  // A region that could not be read is reported already; it would only echo here as a missing one.
  if (problems.length === 0)
    problems.push(...findMisplacedExercises({ paths, manifest: manifest.value, regions }));
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, value: { files, regions, manifest: manifest.value } };
}

/** Each exercise of the manifest must be marked exactly in the file the manifest names. */
function findMisplacedExercises({
  paths,
  manifest,
  regions,
}: {
  paths: DayPaths;
  manifest: DayManifest;
  regions: LocatedRegion[];
}): MarkerProblem[] {
  const manifestPath = `${paths.solutionRelative}/${MANIFEST_FILE}`;
  return manifest.exercises.flatMap((exercise): MarkerProblem[] => {
    const expected = `${paths.solutionRelative}/${exercise.file}`;
    const region = regions.find((candidate) => candidate.number === exercise.number);
    if (!region) {
      return [
        {
          path: manifestPath,
          line: 1,
          reason: `exercise ${exercise.number} has no region; mark its code in ${expected} with \`// #region exercise ${exercise.number}\``,
        },
      ];
    }
    if (region.path !== expected) {
      return [
        {
          path: region.path,
          line: region.line,
          reason: `exercise ${exercise.number} is marked here, but day.ts puts it in ${exercise.file}; move the region or fix the manifest`,
        },
      ];
    }
    return [];
  });
}

/** Duplicates inside one file are caught by the parser; this catches them across files. */
function findDuplicateNumbers(regions: LocatedRegion[]): MarkerProblem[] {
  const firstByNumber = new Map<number, LocatedRegion>();
  const problems: MarkerProblem[] = [];
  for (const region of regions) {
    const first = firstByNumber.get(region.number);
    if (!first) {
      firstByNumber.set(region.number, region);
    } else if (first.path !== region.path) {
      problems.push({
        path: region.path,
        line: region.line,
        reason: `exercise ${region.number} is already defined at ${first.path}:${first.line}; number each exercise once`,
      });
    }
  }
  return problems;
}
