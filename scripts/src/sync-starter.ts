import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { DayManifest } from '@agent-course/course';
import { syncDaysTables } from './days-table';
import { type DayPaths, resolveDay } from './day-paths';
import { LESSON_PAGES, renderExerciseTable, replaceExerciseTable } from './exercise-table';
import { generateStarter, type LocatedRegion } from './generate-starter';
import { dayFigures, fillFigures } from './page-figures';
import { planStarter, type StarterPlan } from './plan-starter';
import type { MarkerProblem } from './strip-exercise-regions';

/** What syncStarter did (write mode) or found (check mode). */
export type SyncStarterResult =
  | {
      ok: true;
      /** What the lab needed; in check mode nothing of it was applied. */
      plan: StarterPlan;
      /** The exercise regions of the solution. */
      regions: LocatedRegion[];
      /** The day's manifest. */
      manifest: DayManifest;
      /** Each lesson page (the solution's and the lab's, in every language) whose exercise table or figures are out of date, and each root README whose days table is, with why. */
      stalePages: Array<{ path: string; reason: string }>;
      /** The pages whose generated parts were rewritten (write mode). */
      rewrittenPages: string[];
    }
  | { ok: false; problems: MarkerProblem[] };

/**
 * Regenerates labs/<day> from solutions/<day> (`check: false`) or only compares them
 * (`check: true`). Writes happen after everything was generated, and only for files whose
 * content changes, so a second run touches nothing.
 */
export async function syncStarter(options: {
  root: string;
  day: string;
  check: boolean;
}): Promise<SyncStarterResult> {
  const resolved = resolveDay({ root: options.root, day: options.day });
  if (!resolved.ok)
    return { ok: false, problems: [{ path: options.day, line: 1, reason: resolved.error }] };
  const paths = resolved.value;
  const generated = await generateStarter(paths);
  if (!generated.ok) return generated;
  const plan = await planStarter({ paths, generated: generated.value });
  if (!options.check) {
    for (const { relativePath, content } of plan.writes) {
      const target = path.join(paths.lab, relativePath);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, content);
    }
    for (const relativePath of plan.removals) {
      await rm(path.join(paths.lab, relativePath));
    }
  }
  const rewrittenPages: string[] = [];
  const onWrite = (file: string) => rewrittenPages.push(file);
  const write = !options.check;
  const stalePages = [
    ...(await syncLessonPages({ paths, manifest: generated.value.manifest, write, onWrite })),
    ...(await syncDaysTables({ root: options.root, write, onWrite })),
  ];
  const { regions, manifest } = generated.value;
  return { ok: true, plan, regions, manifest, stalePages, rewrittenPages };
}

/**
 * Brings the exercise table and the figures of every lesson page in line with the manifest (or,
 * with `write` false, only reports the pages that differ). A page without the table's markers, or
 * quoting a figure the manifest lacks, is reported.
 */
async function syncLessonPages({
  paths,
  manifest,
  write,
  onWrite,
}: {
  paths: DayPaths;
  manifest: DayManifest;
  write: boolean;
  onWrite: (file: string) => void;
}): Promise<Array<{ path: string; reason: string }>> {
  const stale: Array<{ path: string; reason: string }> = [];
  const figures = dayFigures(manifest);
  for (const [folder, shown] of [
    [paths.solution, paths.solutionRelative],
    [paths.lab, paths.labRelative],
  ] as const) {
    for (const page of LESSON_PAGES) {
      const table = renderExerciseTable(manifest, page);
      const readmePath = path.join(folder, page.file);
      const shownPath = `${shown}/${page.file}`;
      const readme = await readFile(readmePath, 'utf8').catch(() => undefined);
      if (readme === undefined) continue;
      const replaced = replaceExerciseTable({ readme, table });
      if (!replaced.ok) {
        stale.push({ path: shownPath, reason: replaced.error });
        continue;
      }
      const filled = fillFigures({
        text: replaced.text,
        figures,
        language: page.language,
        manifestFile: `${paths.solutionRelative}/day.ts`,
      });
      if (!filled.ok) {
        stale.push(...filled.errors.map((reason) => ({ path: shownPath, reason })));
        continue;
      }
      if (filled.text === readme) continue;
      if (write) {
        await writeFile(readmePath, filled.text);
        onWrite(shownPath);
      } else
        stale.push({
          path: shownPath,
          reason: `its exercise table or figures differ from day.ts; run \`pnpm starter ${paths.day}\``,
        });
    }
  }
  return stale;
}
