import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastGlob from 'fast-glob';
import { FINISHED_PACKAGES } from '../finished-packages';
import { resolveDay } from '../day-paths';
import { generateStarter } from '../generate-starter';

/** Shorter solution lines (`return result;`, `}`) are too common to mean anything on their own. */
const MIN_DISTINCTIVE_CHARS = 20;

/**
 * The lines of a day's exercise regions that only a solution holds, read with the starter
 * generator's own marker parser: trimmed, not comments, long enough to be distinctive, and not
 * also in the generated starter or in the platform's sources (code shared with the
 * scaffold ships to students by design, and a solution that calls an engine shares its idioms,
 * such as `return { ok: true };`). The finished packages are not platform: they hold solutions,
 * and a bundle may not carry its own day's at all.
 */
export async function distinctiveSolutionLines({
  root,
  day,
}: {
  root: string;
  day: string;
}): Promise<string[]> {
  const paths = resolveDay({ root, day });
  if (!paths.ok) throw new Error(paths.error);
  const generated = await generateStarter(paths.value);
  if (!generated.ok)
    throw new Error(`solutions/${day} has marker problems; run pnpm starter ${day}`);
  const starterText = [...generated.value.files.values()]
    .map((content) => content.toString('utf8'))
    .join('\n');
  const platformText = await readPlatformSources(root);
  const lines = generated.value.regions
    .flatMap((region) => region.solutionLines)
    .map((line) => line.trim())
    .filter((line) => line.length >= MIN_DISTINCTIVE_CHARS && !/^(\/\/|\/\*|\*)/.test(line))
    .filter((line) => !starterText.includes(line) && !platformText.includes(line));
  return [...new Set(lines)];
}

/**
 * The sources of the platform as one text: every package but the finished ones, and the grader
 * (which stops process groups too) without its fixtures, which hold solution lines on purpose.
 */
async function readPlatformSources(root: string): Promise<string> {
  const files = await fastGlob(['packages/*/src/**/*.ts', 'grader/src/**/*.ts'], {
    cwd: root,
    ignore: [
      ...FINISHED_PACKAGES.map((finished) => `${finished.directory}/**`),
      'grader/src/**/__fixtures__/**',
    ],
  });
  const texts = await Promise.all(files.map((file) => readFile(path.join(root, file), 'utf8')));
  return texts.join('\n');
}
