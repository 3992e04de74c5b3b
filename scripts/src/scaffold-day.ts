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
      error: `${names} already ${existing.length === 1 ? 'exists' : 'exist'}; new-day never overwrites a day — pick another day or remove it first`,
    };
  }

  const templates = await dayTemplates(paths);
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
  return {
    ok: true,
    written,
    nextSteps: [
      'run `pnpm install`, which links the two new packages (solutions and labs)',
      `commit the scaffold, so that \`pnpm starter\` may regenerate its lab (it keeps lab files git has not kept): \`git add ${paths.solutionRelative} ${paths.labRelative} grader/src/days/${paths.day} pnpm-lock.yaml && git commit -m '${paths.day}: scaffold'\``,
      `check the draft: \`pnpm typecheck\`, \`pnpm grade ${paths.day}\` (0/1: the placeholder check fails until the day has its checks) and \`pnpm course check ${paths.day}\` (listed as a draft)`,
      `write the solution in ${paths.solutionRelative}/src, mark each exercise with \`// #region exercise N\`, describe it in ${paths.solutionRelative}/day.ts, then \`pnpm starter ${paths.day}\``,
      `write each check as a judging part, grader/src/days/${paths.day}/judging/<id>.ts (export judge), and a driving part beside the lab, grader/src/days/${paths.day}/beside-lab/<id>.ts (export operations), list it by its id in judging/index.ts, beside-lab/index.ts and ${paths.solutionRelative}/day.ts, and remove the placeholder check's two files and its three entries`,
      `when \`pnpm grade ${paths.day} --solution\` scores full marks, set starterScore (what \`pnpm grade ${paths.day}\` scores) and \`draft: false\` in ${paths.solutionRelative}/day.ts, then \`pnpm starter ${paths.day}\` and \`pnpm course check --release\``,
    ],
  };
}
