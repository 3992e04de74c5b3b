// The figures a page may quote, measured rather than copied: the solution's offline run, the
// grader on the starter and on the solution, and the solution's truncation of a long result.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RunPageCommand } from './check-page-commands';
import type { CourseFacts } from './page-claims';
import { REPO_ROOT } from './repo-root';
import { runGrader } from './run-grader';

/** Measures `day`'s facts, running its commands through `run` so a page test can share the runs. */
export async function measureCourseFacts({
  day,
  run,
}: {
  day: string;
  run: RunPageCommand;
}): Promise<CourseFacts> {
  const offline = await run({ cwd: '.', command: `MOCK=1 pnpm --filter ./solutions/${day} start` });
  if (offline.exitCode !== 0) {
    throw new Error(`the solution's offline run exited ${offline.exitCode}: ${offline.output}`);
  }
  const fedBack = [...offline.output.matchAll(/fed back (\d+) chars/g)].map((match) =>
    Number(match[1]),
  );
  const shares = [...offline.output.matchAll(/([\d,]+) of them tool results/g)].map((match) =>
    Number(match[1]!.replaceAll(',', '')),
  );
  const toolShare = shares.filter((share, index) => share !== shares[index - 1]);

  const score = async (labDir: string) => {
    const graded = await runGrader({ root: REPO_ROOT, day, labDir });
    if (!graded.ok) throw new Error(graded.error);
    return `${graded.value.score}/${graded.value.max}`;
  };

  const truncation = (await import(
    pathToFileURL(path.join(REPO_ROOT, `solutions/${day}/src/truncate-result.ts`)).href
  )) as {
    MAX_RESULT_CHARS: number;
    truncateResult(result: { ok: boolean; content: string }): { content: string };
  };
  // A character the note never uses, so what is left of the input and what the note added can be told apart.
  const filler = '\u2588';
  const truncationInput = 20_000;
  const { content } = truncation.truncateResult({
    ok: true,
    content: filler.repeat(truncationInput),
  });
  const kept = [...content].filter((character) => character === filler).length;

  return {
    fedBack,
    toolShare,
    truncationInput,
    truncatedChars: content.length,
    cutChars: truncationInput - kept,
    noteChars: content.length - kept,
    maxResultChars: truncation.MAX_RESULT_CHARS,
    starterScore: await score(`labs/${day}`),
    solutionScore: await score(`solutions/${day}`),
  };
}
