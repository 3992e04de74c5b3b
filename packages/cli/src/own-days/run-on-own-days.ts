/**
 * Loaded ahead of a lab's command line, after tsx (`pnpm start` in `labs/dN`, or `pnpm start dN`):
 * says in the first line which earlier days the day runs on, the kit's or the student's own
 * (my-days.json, written by `pnpm switch`), and points each finished package of a switched day at
 * the student's lab. A switched day that does not load, or lacks a name the kit's finished day
 * gives the days after it, stops the run with a message naming the day and what to do; there is
 * no silent fallback to the kit's. Solutions always run on the kit's days.
 */
import { createRequire, register } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadDayManifest, readOwnDays } from '@agent-course/course';
import { describeLoadError } from '../describe-load-error';
import { planOwnDays } from './plan-own-days';

const lab = process.cwd();
if (path.basename(path.dirname(lab)) === 'labs') await runOnOwnDays(lab);

async function runOnOwnDays(labDirectory: string): Promise<void> {
  const root = path.dirname(path.dirname(labDirectory));
  const shown = `labs/${path.basename(labDirectory)}`;
  // A manifest that does not load is the day's own problem, reported when the day starts.
  const manifest = await loadDayManifest({ dayDir: labDirectory, shown });
  if (!manifest.ok) return;
  const own = readOwnDays(root);
  if (!own.ok) stop(own.error, 2);
  const planned = planOwnDays({ root, manifest: manifest.value, own: own.value });
  if (!planned.ok) stop(planned.error, 2);
  const { line, switched } = planned.value;
  if (line) process.stderr.write(`${line}\n`);
  if (switched.length === 0) return;

  // The names the kit's finished days give the days after them, read before the switch applies.
  const requireFromLab = createRequire(path.join(labDirectory, 'package.json'));
  const kitNames = new Map<string, string[]>();
  for (const { packageName } of switched) {
    const kit = (await import(pathToFileURL(requireFromLab.resolve(packageName)).href)) as object;
    kitNames.set(packageName, Object.keys(kit));
  }
  register(new URL('./own-days-hooks.mjs', import.meta.url), {
    data: { redirects: Object.fromEntries(switched.map((day) => [day.packageName, day.entry])) },
  });
  for (const { day, packageName, lab: dayLab, entry } of switched) {
    const back = `or run \`pnpm switch ${day} kit\` to run on the kit's day ${day.slice(1)}`;
    let mine: object;
    try {
      mine = (await import(entry)) as object;
    } catch (error) {
      stop(
        `Your day ${day.slice(1)} (${dayLab}), which this day runs on, does not load:\n${describeLoadError({ error, root })}\nFix it there, ${back}.`,
        1,
      );
    }
    const missing = (kitNames.get(packageName) ?? []).filter((name) => !(name in mine));
    if (missing.length > 0) {
      stop(
        `Your day ${day.slice(1)} (${dayLab}/src/index.ts) does not export ${missing.join(', ')}, which the days after it use; export them there, ${back}.`,
        1,
      );
    }
  }
  // A mistake in the student's own earlier day shows up as this day's run going wrong, often with
  // no word of the earlier day: say at the end, too, whose code it ran on and how to check it.
  process.on('exit', () => {
    for (const { day, lab: dayLab } of switched) {
      process.stderr.write(
        `This run used your own day ${day.slice(1)} (${dayLab}). If it went wrong, \`pnpm grade ${day}\` checks that day, and \`pnpm switch ${day} kit\` runs on the kit's.\n`,
      );
    }
  });
}

function stop(message: string, code: number): never {
  process.stderr.write(`pnpm start: ${message}\n`);
  process.exit(code);
}
