import path from 'node:path';
import { DAY_ID, findDays, latestDay, type FoundDay } from '@agent-course/course';

/** What `pnpm start` runs: a day's start file, from its lab folder, with the remaining arguments. */
export interface StartPlan {
  /** The day, e.g. `d3`. */
  day: string;
  /** The lab folder the command runs in, absolute. */
  directory: string;
  /** The start file, relative to `directory` (from the day's manifest). */
  entry: string;
  /** The arguments passed on to the day's command line. */
  args: string[];
  /**
   * Lines to print before the day's own help when the arguments ask for help: the day's command
   * line knows nothing of the root's optional day argument, so these say it.
   */
  help?: string[];
}

/** The arguments that ask a day's command line for its help. */
const HELP_FLAGS = ['--help', '-h'];

export type PlanStartResult = { ok: true; value: StartPlan } | { ok: false; error: string };

/**
 * `pnpm start [day] [arguments…]`: the day named first (`d3`), or the latest released day when
 * the first argument is not a day; every other argument goes to the day's command line. Days come
 * from their manifests (`labs/dN/day.ts`), so a new day is startable the moment it exists.
 */
export async function planStart({
  root,
  args,
}: {
  root: string;
  args: string[];
}): Promise<PlanStartResult> {
  const days = await findDays({ root, parent: 'labs' });
  const names = days.map((day) => day.id).join(', ') || 'none yet';
  const [first, ...rest] = args;
  const named = first !== undefined && DAY_ID.test(first);
  const chosen = named ? days.find((day) => day.id === first) : latestDay(days);
  if (!chosen) {
    return {
      ok: false,
      error: named
        ? `there is no labs/${first}/day.ts; the days are: ${names}`
        : 'there is no day to start yet; create one with `pnpm new-day d1`',
    };
  }
  if (!chosen.manifest.ok) return { ok: false, error: chosen.manifest.error };
  const passed = named ? rest : args;
  const plan: StartPlan = {
    day: chosen.id,
    directory: path.join(root, chosen.relativeDir),
    entry: chosen.manifest.value.start,
    args: passed,
  };
  if (passed.some((arg) => HELP_FLAGS.includes(arg)))
    plan.help = rootHelp({ days, chosen: chosen.id });
  return { ok: true, value: plan };
}

function rootHelp({ days, chosen }: { days: FoundDay[]; chosen: string }): string[] {
  const listed = days
    .map((day) => (day.manifest.ok && day.manifest.value.draft ? `${day.id} (draft)` : day.id))
    .join(', ');
  const latest = latestDay(days)?.id;
  return [
    'From the repository root: pnpm start [day] [question] [options]',
    `  day    one of ${listed}; without it, the latest released day${latest ? ` (${latest})` : ''}`,
    `The options below are ${chosen}'s own; inside labs/${chosen}, \`pnpm start\` takes them without a day.`,
    '',
  ];
}
