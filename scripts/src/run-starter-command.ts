import { findUncommittedFiles } from './find-uncommitted-files';
import { FINISHED_PACKAGES } from './finished-packages';
import { listSolutionDays, unknownDayMessage } from './list-solution-days';
import { FILE_RULES, LAB_OWNED_FILES, SOLUTION_ONLY_FILES } from './starter-rules';
import { syncFinishedPackage } from './sync-finished-package';
import { syncStarter } from './sync-starter';

/** Where a command writes and what it works on; tests pass a temporary root and collect lines. */
export interface CommandContext {
  /** The repository root the command works in. */
  root: string;
  /** Command-line arguments after the command name. */
  args: string[];
  /** Receives each line of output. */
  print: (line: string) => void;
}

const USAGE = `usage: pnpm starter <day> [--check | --force]

Regenerates labs/<day> from solutions/<day>: exercise regions become TODO lines,
markers disappear, everything else is copied. A package that carries the day's
code finished for later days (packages/course/src/finished-packages.ts, e.g.
packages/finished-d3 from d3) is regenerated too: markers and starter lines removed, the
solution kept.
  --check   write nothing; exit 1 and name every file that differs
  --force   overwrite lab files even when they hold work git has not kept (changed since
            the last commit, or never committed); without it, such files stop the command
Rules:
${FILE_RULES.map((rule) => `  - ${rule.description}`).join('\n')}
  - ${LAB_OWNED_FILES.join(', ')}: owned by the lab, seeded once and never overwritten, except the
    exercise table and the figures between their markers, which are rewritten from day.ts
  - ${SOLUTION_ONLY_FILES.join(', ')}: kept in the solution, never copied to the lab`;

/** `pnpm starter <day> [--check]`; returns the exit code. */
export async function runStarterCommand(context: CommandContext): Promise<number> {
  const { root, args, print } = context;
  if (args.includes('--help') || args.includes('-h')) {
    print(USAGE);
    return 0;
  }
  const check = args.includes('--check');
  const force = args.includes('--force');
  const unknown = args.filter(
    (arg) => arg.startsWith('-') && arg !== '--check' && arg !== '--force',
  );
  const positional = args.filter((arg) => !arg.startsWith('-'));
  if (unknown.length > 0 || positional.length !== 1) {
    print(
      `pnpm starter: ${unknown.length > 0 ? `unknown option ${unknown.join(', ')}` : 'give exactly one day'}`,
    );
    print(USAGE);
    return 2;
  }
  const day = positional[0] ?? '';
  const days = await listSolutionDays(root);
  if (!days.includes(day)) {
    print(`pnpm starter: ${unknownDayMessage({ day, days })}`);
    return 2;
  }
  if (!check && !force) {
    const unkept = await findUnkeptWork({ root, day });
    if (unkept.length > 0) {
      for (const file of unkept)
        print(`${file} has work git has not kept, which regenerating would overwrite or remove`);
      print(
        `pnpm starter: nothing was written; commit or stash that work first (git stash -u, which keeps new files too), ` +
          `or pass --force to overwrite it`,
      );
      return 1;
    }
  }
  const result = await syncStarter({ root, day, check });
  if (!result.ok) {
    for (const problem of result.problems)
      print(`${problem.path}:${problem.line}: ${problem.reason}`);
    print(`pnpm starter: ${result.problems.length} marker problem(s); nothing was written`);
    return 1;
  }
  const { plan, stalePages } = result;
  const finished = await syncFinishedPackages({ root, day, check, print });
  // In check mode these are the pages out of date; in write mode, pages the generator cannot fill.
  for (const stale of stalePages) print(`${stale.path} ${stale.reason}`);
  if (check) {
    if (plan.differences.length === 0 && stalePages.length === 0) {
      print(`labs/${day} matches its generated form (${plan.unchanged} files)`);
      return finished;
    }
    for (const difference of plan.differences) print(difference.message);
    const count = plan.differences.length + stalePages.length;
    print(`labs/${day} is out of date (${count} file(s)); run \`pnpm starter ${day}\``);
    return 1;
  }
  for (const { relativePath } of plan.writes) print(`wrote labs/${day}/${relativePath}`);
  for (const relativePath of plan.removals) print(`removed labs/${day}/${relativePath}`);
  for (const page of result.rewrittenPages)
    print(`rewrote the generated tables and figures in ${page}`);
  const regions = result.regions.length;
  print(
    `labs/${day}: ${plan.writes.length} written, ${plan.removals.length} removed, ${plan.unchanged} unchanged ` +
      `(${regions} exercise ${regions === 1 ? 'region' : 'regions'})`,
  );
  if (stalePages.length > 0) return 1;
  if (plan.writes.some(({ relativePath }) => relativePath === 'package.json')) {
    print(
      `labs/${day}/package.json changed: run \`pnpm install\`, so pnpm-lock.yaml lists what it declares (CI installs with a frozen lockfile)`,
    );
  }
  return finished;
}

/** The day's finished packages, regenerated or compared; returns the exit code their part earns. */
async function syncFinishedPackages(options: {
  root: string;
  day: string;
  check: boolean;
  print: (line: string) => void;
}): Promise<number> {
  const { root, day, check, print } = options;
  let exitCode = 0;
  for (const finished of FINISHED_PACKAGES.filter((candidate) => candidate.day === day)) {
    const result = await syncFinishedPackage({ root, finished, check });
    if (!result.ok) {
      for (const problem of result.problems)
        print(`${problem.path}:${problem.line}: ${problem.reason}`);
      print(`pnpm starter: ${finished.directory} was not generated; fix the problems above`);
      exitCode = 1;
      continue;
    }
    const { plan } = result;
    if (check) {
      for (const difference of plan.differences) print(difference);
      if (plan.differences.length > 0) {
        print(`${finished.directory} is out of date; run \`pnpm starter ${day}\``);
        exitCode = 1;
      } else print(`${finished.directory} matches its generated form (${plan.unchanged} files)`);
      continue;
    }
    for (const { relativePath } of plan.writes)
      print(`wrote ${finished.directory}/${relativePath}`);
    for (const relativePath of plan.removals)
      print(`removed ${finished.directory}/${relativePath}`);
    print(
      `${finished.directory}: ${plan.writes.length} written, ${plan.removals.length} removed, ${plan.unchanged} unchanged`,
    );
  }
  return exitCode;
}

/**
 * The lab files regenerating would overwrite or remove that hold uncommitted work: a student's
 * TODOs, or an instructor's edit made in the lab instead of the solution. Regenerating replaces
 * them with the starter, so that work would be lost without a trace.
 */
async function findUnkeptWork({ root, day }: { root: string; day: string }): Promise<string[]> {
  const preview = await syncStarter({ root, day, check: true });
  if (!preview.ok) return [];
  // Changed or extra files exist in the lab; a missing one has nothing to lose.
  const touched = preview.plan.differences
    .filter((difference) => difference.kind !== 'missing')
    .map((difference) => difference.path);
  return findUncommittedFiles({ root, files: touched });
}
