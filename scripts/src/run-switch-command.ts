// `pnpm switch [<day> mine|kit]`: which earlier days a student's later days run on. The choice is
// written to my-days.json at the kit's root (see @agent-course/course's own-days.ts) and read by
// each lab's `pnpm start`; grades ignore it. No package.json changes, so pnpm-lock.yaml stays.
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  FINISHED_PACKAGES,
  findDays,
  OWN_DAYS_FILE,
  type OwnDays,
  readOwnDays,
} from '@agent-course/course';
import type { CommandContext } from './run-starter-command';

const USAGE = `usage: pnpm switch [<day> mine|kit]

Chooses which earlier day your later days run on: the kit's finished day (kit, the default) or
your own lab (mine). pnpm start says in its first line which it runs on; pnpm grade always grades
a day on the kit's earlier days, so a mistake in an early day costs no marks later.
The choice is kept in ${OWN_DAYS_FILE}, which you can read and commit. Without arguments, lists
every day you can switch.

  pnpm switch d3 mine   # later days run on labs/d3
  pnpm switch d3 kit    # and back`;

/** The later days that run on `day`, from the released manifests, e.g. `d4` for `d3`. */
async function laterDays(root: string, day: string): Promise<string[]> {
  const found = await findDays({ root, parent: 'labs' });
  return found.flatMap(({ manifest }) =>
    manifest.ok && manifest.value.buildsOn?.includes(day) ? [manifest.value.id] : [],
  );
}

/** Which released days run on a day, in words. */
function runOn(later: string[]): string {
  if (later.length === 0) return 'no released day runs on it yet';
  return `${later.join(', ')} ${later.length === 1 ? 'runs' : 'run'} on it`;
}

export async function runSwitchCommand({ root, args, print }: CommandContext): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    print(USAGE);
    return 0;
  }
  const own = readOwnDays(root);
  if (!own.ok) {
    print(`pnpm switch: ${own.error}`);
    return 2;
  }
  const switchable = FINISHED_PACKAGES.map((finished) => finished.day).filter((day) =>
    existsSync(path.join(root, 'labs', day)),
  );
  if (args.length === 0) {
    for (const day of switchable) {
      const whose = own.value[day] === 'mine' ? `yours (labs/${day})` : "the kit's";
      print(`${day}: ${whose}; ${runOn(await laterDays(root, day))}`);
    }
    return 0;
  }
  const [typedDay = '', choice, ...extra] = args;
  const day = typedDay.toLowerCase();
  if (choice !== 'mine' && choice !== 'kit') {
    const said =
      choice === undefined ? `say mine or kit after ${day}` : `"${choice}" is neither mine nor kit`;
    print(`pnpm switch: ${said}, e.g. \`pnpm switch ${day || 'd3'} mine\`\n\n${USAGE}`);
    return 2;
  }
  if (extra.length > 0) {
    print(`pnpm switch: one day at a time; "${extra.join(' ')}" came after \`${day} ${choice}\``);
    return 2;
  }
  if (!switchable.includes(day)) {
    print(
      `pnpm switch: no later day runs on ${typedDay}; the days you can switch are ${switchable.join(', ')}`,
    );
    return 2;
  }
  const next: OwnDays = { ...own.value };
  if (choice === 'mine') next[day] = 'mine';
  else delete next[day];
  const sorted = Object.fromEntries(Object.entries(next).sort(([a], [b]) => a.localeCompare(b)));
  await writeFile(path.join(root, OWN_DAYS_FILE), `${JSON.stringify(sorted, null, 2)}\n`);
  const later = await laterDays(root, day);
  const whose = choice === 'mine' ? `yours (labs/${day})` : "the kit's";
  const starts = later.map((id) => `\`pnpm start ${id}\``).join(', ');
  print(
    `${day} now runs as ${whose}; ${runOn(later)}` +
      (later.length > 0 ? `, and ${starts} says so first` : '') +
      (choice === 'mine' && later.length > 0
        ? `. \`pnpm grade ${later[0]}\` still grades on the kit's ${day}; \`pnpm grade ${later[0]} --mine\` grades on yours.`
        : '.'),
  );
  const back = choice === 'mine' ? 'kit' : 'mine';
  print(`(kept in ${OWN_DAYS_FILE}; \`pnpm switch ${day} ${back}\` switches back)`);
  return 0;
}
