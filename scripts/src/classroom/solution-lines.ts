import { resolveDay } from '../day-paths';
import { generateStarter } from '../generate-starter';

/** Shorter solution lines (`return result;`, `}`) are too common to mean anything on their own. */
const MIN_DISTINCTIVE_CHARS = 20;

/**
 * The lines of a day's exercise regions that only a solution holds, read with the starter
 * generator's own marker parser: trimmed, not comments, long enough to be distinctive, and not
 * also in the generated starter (code shared with the scaffold ships to students by design).
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
  const lines = generated.value.regions
    .flatMap((region) => region.solutionLines)
    .map((line) => line.trim())
    .filter((line) => line.length >= MIN_DISTINCTIVE_CHARS && !/^(\/\/|\/\*|\*)/.test(line))
    .filter((line) => !starterText.includes(line));
  return [...new Set(lines)];
}
