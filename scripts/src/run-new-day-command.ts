import type { CommandContext } from './run-starter-command';
import { scaffoldDay } from './scaffold-day';

const USAGE = `usage: pnpm new-day <day>

Scaffolds solutions/<day> (one placeholder exercise), labs/<day> (generated from it) and
grader/src/days/<day> (one placeholder check that fails until real checks replace it).
Never overwrites an existing day.`;

/** `pnpm new-day <day>`; returns the exit code. */
export async function runNewDayCommand(context: CommandContext): Promise<number> {
  const { root, args, print } = context;
  if (args.includes('--help') || args.includes('-h')) {
    print(USAGE);
    return 0;
  }
  if (args.length !== 1) {
    print('pnpm new-day: give exactly one day, e.g. `pnpm new-day d5`');
    print(USAGE);
    return 2;
  }
  const result = await scaffoldDay({ root, day: args[0] ?? '' });
  if (!result.ok) {
    print(`pnpm new-day: ${result.error}`);
    return 1;
  }
  for (const file of result.written) print(`created ${file}`);
  print('next:');
  result.nextSteps.forEach((step, index) => print(`  ${index + 1}. ${step}`));
  return 0;
}
