// The course check's proof that a lesson page's figures are true: the manifest declares them, the
// pages show them (page-figures.ts), and here the solution's measure-figures.ts measures each one
// on the solution's own code, so a figure that drifts from what the code does fails the check.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  type DayManifest,
  type Figure,
  MEASURE_FIGURES_FILE,
  type MeasureFigures,
} from '@agent-course/course';
import { execa } from 'execa';
import type { Invariant } from './course-invariants';
import { formatFigure } from './page-figures';
import { studentEnvironment } from './run-page-command';

/** How long the solution's offline run may take before the check names it as stuck. */
const OFFLINE_RUN_LIMIT_MS = 120_000;

/** Runs the solution's `MOCK=1 pnpm start`; its output, or why it failed. */
export type RunOffline = (options: {
  directory: string;
}) => Promise<{ ok: true; output: string } | { ok: false; error: string }>;

export const runOffline: RunOffline = async ({ directory }) => {
  const result = await execa('pnpm', ['-s', 'start'], {
    cwd: directory,
    extendEnv: false,
    env: { ...studentEnvironment(), MOCK: '1' },
    stdin: 'ignore',
    all: true,
    reject: false,
    timeout: OFFLINE_RUN_LIMIT_MS,
  });
  if (result.timedOut)
    return { ok: false, error: `did not finish within ${OFFLINE_RUN_LIMIT_MS / 1000} s` };
  if (result.exitCode !== 0)
    return { ok: false, error: `exited ${result.exitCode}: ${lastLines(result.all ?? '')}` };
  return { ok: true, output: result.all ?? '' };
};

/** Every figure of the manifest equals what the solution's measure-figures.ts measures. */
export async function checkFigures({
  root,
  solution,
  manifest,
  run = runOffline,
}: {
  root: string;
  /** The solution folder, relative to the root, e.g. `solutions/d3`. */
  solution: string;
  manifest: DayManifest;
  run?: RunOffline;
}): Promise<Invariant> {
  const declared = manifest.figures ?? {};
  const file = `${solution}/${MEASURE_FIGURES_FILE}`;
  const manifestFile = `${solution}/day.ts`;
  const fail = (summary: string, details: string[] = []): Invariant => ({
    passed: false,
    summary,
    details,
  });
  if (!existsSync(path.join(root, file))) {
    if (Object.keys(declared).length === 0)
      return {
        passed: true,
        summary: `${solution}'s pages quote no figures but its scores`,
        details: [],
      };
    return fail(`${manifestFile} declares figures, but ${file}, which measures them, is missing`, [
      `write ${file}, exporting measureFigures (solutions/d3/${MEASURE_FIGURES_FILE} is an example)`,
    ]);
  }
  let measured: Record<string, Figure>;
  try {
    const module = (await import(pathToFileURL(path.join(root, file)).href)) as {
      measureFigures?: MeasureFigures;
    };
    if (typeof module.measureFigures !== 'function')
      return fail(`${file} does not export measureFigures`, [
        'export const measureFigures: MeasureFigures = async ({ offlineRun }) => ({ ... })',
      ]);
    let offline: Promise<string> | undefined;
    const offlineRun = () =>
      (offline ??= run({ directory: path.join(root, solution) }).then((ran) => {
        if (!ran.ok)
          throw new Error(`the offline run (MOCK=1 pnpm start in ${solution}) ${ran.error}`);
        return ran.output;
      }));
    measured = await module.measureFigures({ offlineRun });
  } catch (error) {
    return fail(`${file} could not measure the figures`, [
      error instanceof Error ? error.message : String(error),
    ]);
  }
  const details: string[] = [];
  const shown = (figure: Figure) => formatFigure(figure, 'en');
  for (const name of new Set([...Object.keys(declared), ...Object.keys(measured)])) {
    const said = declared[name];
    const got = measured[name];
    if (got === undefined) details.push(`${name}: ${file} does not measure it; measure it there`);
    else if (said === undefined)
      details.push(
        `${name}: measured as ${shown(got)}, but not in ${manifestFile}'s figures; add it`,
      );
    else if (JSON.stringify(said) !== JSON.stringify(got))
      details.push(
        `${name}: ${manifestFile} says ${shown(said)}, the solution gives ${shown(got)}; if the change was meant, set it in figures and run \`pnpm starter ${manifest.id}\``,
      );
  }
  if (details.length > 0)
    return fail(`${manifestFile}'s figures differ from what the solution does`, details);
  const list = Object.entries(declared)
    .map(([name, figure]) => `${name} ${shown(figure)}`)
    .join('; ');
  return { passed: true, summary: `the solution gives the pages' figures: ${list}`, details: [] };
}

/** The end of a failed run's output, enough to see why without flooding the report. */
function lastLines(output: string): string {
  return output.trim().split('\n').slice(-5).join('\n');
}
