// Every rule that turns solutions/<day> into labs/<day>, declared in one place. The generator,
// its --check mode and `pnpm diff` all read these; change a rule here and all three follow.
import { type Exercise, MEASURE_FIGURES_FILE } from '@agent-course/course';
import {
  stripExerciseRegions,
  type ExerciseRegion,
  type MarkerProblem,
} from './strip-exercise-regions';

/** Paths never copied from a solution nor compared in a lab: installs, caches, build output. */
export const IGNORED_PATHS = [
  '**/node_modules/**',
  '**/.turbo/**',
  '**/dist/**',
  '**/coverage/**',
  '**/.cache/**',
  '**/*.log',
  '**/*.tsbuildinfo',
  '**/.DS_Store',
];

/**
 * Files the lab owns: the student's lesson page in English and in Chinese. The lead writes them;
 * the generator seeds each from the solution only when the lab has none, never overwrites or
 * deletes it, and --check does not compare it (their exercise tables are synced apart, see
 * exercise-table.ts).
 */
export const LAB_OWNED_FILES = ['README.md', 'README.zh-CN.md'];

/**
 * Files the solution keeps to itself: measure-figures.ts measures the day's figures on the
 * solution's code, and in a lab it would measure the student's unfinished code instead.
 */
export const SOLUTION_ONLY_FILES = [MEASURE_FIGURES_FILE];

/** Extensions whose `//` comments may hold exercise markers. */
export const MARKED_EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.mjs', '.cjs'];

/** Text a solution's package.json description must contain, replaced by STARTER_WORD. */
export const SOLUTION_WORDS = 'reference solution';
export const STARTER_WORD = 'starter';

/** What one rule produced for one file. */
export type FileTransformResult =
  { ok: true; text: string; regions: ExerciseRegion[] } | { ok: false; problems: MarkerProblem[] };

/** Input every file rule receives. */
export interface FileTransformInput {
  /** The day folder name, e.g. `d3`. */
  day: string;
  /** Path of the file for messages, relative to the repository root. */
  path: string;
  /** The solution file's text. */
  text: string;
  /** The day's exercises, from its manifest. */
  exercises: readonly Exercise[];
}

/** A rule for the files it matches; files no rule matches are copied byte for byte. */
export interface FileRule {
  /** Short description printed by `pnpm starter --help`. */
  description: string;
  /** True for package-relative paths (forward slashes) this rule applies to. */
  matches(relativePath: string): boolean;
  /** Produces the starter text. */
  transform(input: FileTransformInput): FileTransformResult;
}

export const FILE_RULES: FileRule[] = [
  {
    description: 'package.json: name @agent-course/<day>-lab, "starter" description',
    matches: (relativePath) => relativePath === 'package.json',
    transform: transformPackageJson,
  },
  {
    description: `${MARKED_EXTENSIONS.join(' ')} files: exercise regions replaced by TODO and starter lines`,
    matches: (relativePath) =>
      MARKED_EXTENSIONS.some((extension) => relativePath.endsWith(extension)),
    transform: ({ path, text, exercises }) => stripExerciseRegions({ path, text, exercises }),
  },
];

/**
 * The starter's package.json: its own name and a "starter" description; its scripts stay as they
 * are, so `pnpm test` in the lab runs the student's tests (red until the TODOs are done; the root's
 * `pnpm test` leaves labs' tests out and typechecks them instead).
 */
function transformPackageJson({ day, path, text }: FileTransformInput): FileTransformResult {
  const fail = (reason: string): FileTransformResult => ({
    ok: false,
    problems: [{ path, line: 1, reason }],
  });
  let manifest: Record<string, unknown>;
  try {
    manifest = JSON.parse(text) as Record<string, unknown>;
  } catch (error) {
    return fail(`is not valid JSON (${(error as Error).message}); fix it and run again`);
  }
  const description = typeof manifest.description === 'string' ? manifest.description : '';
  if (!description.includes(SOLUTION_WORDS)) {
    return fail(
      `description must contain "${SOLUTION_WORDS}" (e.g. "Day 3 ${SOLUTION_WORDS}: …") so the starter's can be derived`,
    );
  }
  manifest.name = `@agent-course/${day}-lab`;
  manifest.description = description.replace(SOLUTION_WORDS, STARTER_WORD);
  return { ok: true, text: `${JSON.stringify(manifest, null, 2)}\n`, regions: [] };
}
