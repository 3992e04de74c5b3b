import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { resolveDay } from './day-paths';
import { dayTemplates } from './day-templates';
import { syncStarter } from './sync-starter';

export type ScaffoldDayResult =
  | {
      ok: true;
      /** Repository-relative files written, the generated lab's included. */
      written: string[];
      /** What the maintainer still has to do, one line each, exactly. */
      nextSteps: string[];
    }
  | { ok: false; error: string };

/**
 * Creates solutions/<day>, labs/<day> (generated from the solution) and grader/src/days/<day>.
 * Refuses when any of them exists, before writing anything.
 */
export async function scaffoldDay(options: {
  root: string;
  day: string;
}): Promise<ScaffoldDayResult> {
  const { root } = options;
  const resolved = resolveDay(options);
  if (!resolved.ok) return resolved;
  const paths = resolved.value;
  const targets = [paths.solution, paths.lab, paths.graderDay];
  const existing = targets.filter((target) => existsSync(target));
  if (existing.length > 0) {
    const names = existing.map((target) => path.relative(root, target)).join(', ');
    return {
      ok: false,
      error: `${names} already exist(s); new-day never overwrites a day — pick another day or remove it first`,
    };
  }

  const templates = dayTemplates(paths);
  for (const [relativePath, text] of Object.entries(templates)) {
    await mkdir(path.dirname(path.join(root, relativePath)), { recursive: true });
    await writeFile(path.join(root, relativePath), text);
  }
  const starter = await syncStarter({ root, day: paths.day, check: false });
  if (!starter.ok) {
    const problems = starter.problems.map(
      (problem) => `${problem.path}:${problem.line}: ${problem.reason}`,
    );
    return {
      ok: false,
      error: `the scaffolded solution did not generate a starter: ${problems.join('; ')}`,
    };
  }
  const written = [
    ...Object.keys(templates),
    ...starter.plan.writes.map(({ relativePath }) => `${paths.labRelative}/${relativePath}`),
  ];
  const dayExport = `day${paths.number}`;
  return {
    ok: true,
    written,
    nextSteps: [
      `register the day in grader/src/days/find-day.ts: add \`import { ${dayExport} } from './${paths.day}';\` and put ${dayExport} in the DAYS array`,
      `declare the starter baseline in scripts/src/course-days.ts: \`${paths.day}: { starterScore: 0, max: 1 },\` (update it as checks are added)`,
      'run `pnpm install` so the two new workspace packages are linked',
      `write the solution in ${paths.solutionRelative}/src with exercise regions, then \`pnpm starter ${paths.day}\``,
      `replace grader/src/days/${paths.day}/checks/placeholder.ts with the day's checks, then \`pnpm course check ${paths.day}\``,
    ],
  };
}
