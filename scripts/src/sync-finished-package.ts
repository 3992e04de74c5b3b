import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { loadDayManifest, MANIFEST_FILE } from '@agent-course/course';
import type { FinishedPackage } from './finished-packages';
import { listPackageFiles } from './list-package-files';
import { stripExerciseRegions, type MarkerProblem } from './strip-exercise-regions';

/** What bringing one finished package in line with its solution takes (or took). */
export interface FinishedPackagePlan {
  /** The package folder, relative to the repository root. */
  directory: string;
  /** Package-relative files that differ from their generated form, with their content. */
  writes: Array<{ relativePath: string; content: string }>;
  /** Package-relative source files that are neither generated nor the package's own. */
  removals: string[];
  /** One sentence per difference, naming the file and its source. */
  differences: string[];
  /** How many generated files already match. */
  unchanged: number;
}

export type SyncFinishedPackageResult =
  { ok: true; plan: FinishedPackagePlan } | { ok: false; problems: MarkerProblem[] };

// A relative import such as `from './tool-registry'` or `from "../x"`.
const RELATIVE_IMPORT = /\bfrom\s+['"](\.{1,2}\/[^'"]+)['"]/g;

/** The first lines of every generated file: what it is, where it comes from, how to change it. */
export function generatedHeader(options: { source: string; day: string }): string {
  return (
    `// Generated from ${options.source} (day ${options.day.slice(1)}'s solution, finished) by\n` +
    `// \`pnpm starter ${options.day}\`. Do not edit it here: change the solution and run that again.\n`
  );
}

/**
 * Regenerates a finished package from its day's solution (`check: false`) or only compares them
 * (`check: true`). Each listed source loses its exercise markers and starter lines and keeps the
 * solution's code; nothing is written unless every file generated cleanly.
 */
export async function syncFinishedPackage(options: {
  root: string;
  finished: FinishedPackage;
  check: boolean;
}): Promise<SyncFinishedPackageResult> {
  const { root, finished, check } = options;
  const solutionRelative = `solutions/${finished.day}`;
  const solution = path.join(root, solutionRelative);
  const target = path.join(root, finished.directory);
  const manifest = await loadDayManifest({ dayDir: solution, shown: solutionRelative });
  if (!manifest.ok) {
    const shown = `${solutionRelative}/${MANIFEST_FILE}`;
    return { ok: false, problems: [{ path: shown, line: 1, reason: manifest.error }] };
  }
  const problems: MarkerProblem[] = [];
  const generated = new Map<string, string>();
  for (const relativePath of finished.generated) {
    const source = `${solutionRelative}/${relativePath}`;
    const text = await readFile(path.join(solution, relativePath), 'utf8').catch(() => undefined);
    if (text === undefined) {
      const reason = `is listed in packages/course/src/finished-packages.ts for ${finished.directory} but does not exist; fix the list`;
      problems.push({ path: source, line: 1, reason });
      continue;
    }
    const stripped = stripExerciseRegions({
      path: source,
      text,
      exercises: manifest.value.exercises,
      form: 'finished',
    });
    if (!stripped.ok) {
      problems.push(...stripped.problems);
      continue;
    }
    problems.push(...findUnlistedImports({ finished, relativePath, source, text }));
    generated.set(relativePath, generatedHeader({ source, day: finished.day }) + stripped.text);
  }
  if (problems.length > 0) return { ok: false, problems };

  const plan: FinishedPackagePlan = {
    directory: finished.directory,
    writes: [],
    removals: [],
    differences: [],
    unchanged: 0,
  };
  for (const [relativePath, content] of generated) {
    const shown = `${finished.directory}/${relativePath}`;
    const current = await readFile(path.join(target, relativePath), 'utf8').catch(() => undefined);
    if (current === content) {
      plan.unchanged += 1;
      continue;
    }
    plan.writes.push({ relativePath, content });
    plan.differences.push(
      current === undefined
        ? `${shown} is missing (generated from ${solutionRelative}/${relativePath})`
        : `${shown} differs from what ${solutionRelative}/${relativePath} generates`,
    );
  }
  for (const relativePath of await listPackageFiles(path.join(target, 'src'))) {
    const packageRelative = `src/${relativePath}`;
    if (generated.has(packageRelative) || finished.own.includes(packageRelative)) continue;
    plan.removals.push(packageRelative);
    plan.differences.push(
      `${finished.directory}/${packageRelative} is neither generated from ${solutionRelative} nor the package's own ` +
        '(a copy of day code would drift from its solution); list it in packages/course/src/finished-packages.ts or remove it',
    );
  }
  if (!check) {
    for (const { relativePath, content } of plan.writes) {
      const file = path.join(target, relativePath);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, content);
    }
    for (const relativePath of plan.removals) await rm(path.join(target, relativePath));
  }
  return { ok: true, plan };
}

/** A generated file importing a solution file that is not generated too would not resolve. */
function findUnlistedImports(options: {
  finished: FinishedPackage;
  relativePath: string;
  source: string;
  text: string;
}): MarkerProblem[] {
  const { finished, relativePath, source, text } = options;
  const problems: MarkerProblem[] = [];
  for (const match of text.matchAll(RELATIVE_IMPORT)) {
    const imported = path.posix.join(path.posix.dirname(relativePath), match[1] ?? '');
    const candidates = [imported, `${imported}.ts`, `${imported}/index.ts`];
    if (candidates.some((candidate) => finished.generated.includes(candidate))) continue;
    const line = text.slice(0, match.index).split('\n').length;
    problems.push({
      path: source,
      line,
      reason: `imports ${match[1]}, which ${finished.directory} does not generate; add it to the list in packages/course/src/finished-packages.ts`,
    });
  }
  return problems;
}
