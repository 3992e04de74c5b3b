import { existsSync } from 'node:fs';
import { execa } from 'execa';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { resolveDay } from './day-paths';
import { listPackageFiles } from './list-package-files';
import { listSolutionDays, unknownDayMessage } from './list-solution-days';
import type { CommandContext } from './run-starter-command';
import { LAB_OWNED_FILES, SOLUTION_ONLY_FILES } from './starter-rules';

/** Files that differ by design between starter and solution; shown only with --all. */
const DIFFERENT_BY_DESIGN = ['package.json', ...LAB_OWNED_FILES, ...SOLUTION_ONLY_FILES];
const DIFFERENT_BY_DESIGN_LIST = `${DIFFERENT_BY_DESIGN.slice(0, -1).join(', ')} and ${DIFFERENT_BY_DESIGN.at(-1)}`;

const USAGE = `usage: pnpm diff <day> [--stat] [--all]

Shows what the student has to write: labs/<day> (-) against solutions/<day> (+).
  --stat   one line per file with its added and removed lines
  --all    include ${DIFFERENT_BY_DESIGN_LIST}, which differ by design`;

/** `pnpm diff <day> [--stat] [--all]`; `color` is set by the entry when printing to a terminal. */
export async function runDiffCommand(
  context: CommandContext & { color: boolean },
): Promise<number> {
  const { root, args, print, color } = context;
  const options = new Set(args.filter((arg) => arg.startsWith('-')));
  const positional = args.filter((arg) => !arg.startsWith('-'));
  if (options.has('--help') || options.has('-h')) {
    print(USAGE);
    return 0;
  }
  const unknown = [...options].filter((option) => option !== '--stat' && option !== '--all');
  const resolved = resolveDay({ root, day: positional[0] });
  if (unknown.length > 0 || positional.length !== 1 || !resolved.ok) {
    print(
      `pnpm diff: ${unknown.length > 0 ? `unknown option ${unknown.join(', ')}` : resolved.ok ? 'give one day' : resolved.error}`,
    );
    print(USAGE);
    return 2;
  }
  const paths = resolved.value;
  const days = await listSolutionDays(root);
  if (!days.includes(paths.day)) {
    print(`pnpm diff: ${unknownDayMessage({ day: paths.day, days })}`);
    return 2;
  }
  if (!existsSync(paths.lab)) {
    print(
      `pnpm diff: ${paths.labRelative} does not exist yet; run \`pnpm starter ${paths.day}\` first`,
    );
    return 2;
  }
  const showAll = options.has('--all');
  const both = new Set([
    ...(await listPackageFiles(paths.lab)),
    ...(await listPackageFiles(paths.solution)),
  ]);
  const files = [...both].filter((file) => showAll || !DIFFERENT_BY_DESIGN.includes(file)).sort();

  const stats: Array<{ file: string; added: number; removed: number }> = [];
  for (const file of files) {
    const lab = await existingPath(root, `${paths.labRelative}/${file}`);
    const solution = await existingPath(root, `${paths.solutionRelative}/${file}`);
    const gitArgs = ['diff', '--no-index', `--color=${color ? 'always' : 'never'}`];
    if (options.has('--stat')) gitArgs.push('--numstat');
    const result = await execa('git', [...gitArgs, '--', lab, solution], {
      cwd: root,
      reject: false,
    });
    if (result.exitCode !== 0 && result.exitCode !== 1) {
      print(`pnpm diff: git diff failed for ${file}: ${result.stderr || result.message}`);
      return 2;
    }
    if (result.stdout === '') continue;
    if (!options.has('--stat')) {
      print(result.stdout);
      continue;
    }
    // numstat prints "-" for binary files; they count as changed with no lines.
    const [added, removed] = result.stdout.split('\t').map((count) => Number(count) || 0);
    stats.push({ file, added: added ?? 0, removed: removed ?? 0 });
  }

  if (options.has('--stat')) {
    const width = Math.max(0, ...stats.map(({ file }) => file.length));
    for (const { file, added, removed } of stats) {
      print(` ${file.padEnd(width)} | +${added} -${removed}`);
    }
    const added = stats.reduce((total, entry) => total + entry.added, 0);
    const removed = stats.reduce((total, entry) => total + entry.removed, 0);
    print(
      ` ${stats.length} file(s) differ, ${added} solution line(s) added, ${removed} starter line(s) removed`,
    );
  }
  if (!showAll) {
    print(`(${DIFFERENT_BY_DESIGN_LIST} differ by design and are left out; --all shows them)`);
  }
  return 0;
}

/** git diff --no-index compares a missing side as /dev/null, which reads as "added" or "deleted". */
async function existingPath(root: string, relativePath: string): Promise<string> {
  return readFile(path.join(root, relativePath)).then(
    () => relativePath,
    () => '/dev/null',
  );
}
