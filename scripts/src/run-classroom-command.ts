import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { loadDayManifest } from '@agent-course/course';
import { BUNDLE_KINDS, type BundleKind } from './classroom/bundle-kinds';
import {
  DEFAULT_GRADESCOPE_VISIBILITY,
  GRADESCOPE_VISIBILITIES,
  type GradescopeVisibility,
} from './classroom/gradescope-visibility';
import { writeBundle } from './classroom/write-bundle';
import type { CommandContext } from './run-starter-command';

const USAGE = `usage: pnpm classroom <kind> <day> --out DIR [--draft] [--visibility WHEN]

Builds one bundle for a graded class; none holds anything of solutions/. A day still marked
draft in its day.ts is refused unless --draft says you mean it. Kinds:
${Object.entries(BUNDLE_KINDS)
  .map(([kind, what]) => `  ${kind.padEnd(12)} ${what}`)
  .join('\n')}
A gradescope bundle's --visibility says when students see its tests: ${GRADESCOPE_VISIBILITIES.join(', ')}
(default ${DEFAULT_GRADESCOPE_VISIBILITY}). See scripts/classroom/README.md for where each one goes.`;

/** `pnpm classroom <kind> <day> --out DIR`; returns the exit code. */
export async function runClassroomCommand(
  context: CommandContext & { invokedFrom: string },
): Promise<number> {
  const { root, args, print } = context;
  if (args.includes('--help') || args.includes('-h')) {
    print(USAGE);
    return 0;
  }
  const { value: out, rest: withoutOut } = takeOption(args, '--out');
  const { value: visibility, rest } = takeOption(withoutOut, '--visibility');
  const draft = rest.includes('--draft');
  const unknown = rest.filter((arg) => arg.startsWith('-') && arg !== '--draft');
  const [kind, day, ...extra] = rest.filter((arg) => arg !== '--draft');
  const problem =
    unknown.length > 0
      ? `unknown option ${unknown.join(', ')}`
      : !kind || /^d\d+$/.test(kind)
        ? `say what to build: ${Object.keys(BUNDLE_KINDS).join(', ')}`
        : !(kind in BUNDLE_KINDS)
          ? `there is no bundle kind "${kind}"; build one of: ${Object.keys(BUNDLE_KINDS).join(', ')}`
          : !day || extra.length > 0
            ? 'give exactly one day, e.g. d3'
            : !out || out.startsWith('-')
              ? 'say where with --out DIR (a new or empty folder)'
              : visibility !== undefined && kind !== 'gradescope'
                ? `--visibility is Gradescope's; a ${kind} bundle has none`
                : visibility !== undefined &&
                    !(GRADESCOPE_VISIBILITIES as readonly string[]).includes(visibility)
                  ? `--visibility takes ${GRADESCOPE_VISIBILITIES.join(', ')} (Gradescope's own values), not "${visibility}"`
                  : undefined;
  if (problem) {
    print(`pnpm classroom: ${problem}`);
    print(USAGE);
    return 2;
  }
  const target = path.resolve(context.invokedFrom, out!);
  const outProblem = await checkOutFolder(target);
  if (outProblem) {
    print(`pnpm classroom: --out ${out} ${outProblem}; pick a new or empty folder`);
    return 2;
  }
  const manifest = await loadDayManifest({
    dayDir: path.join(root, 'solutions', day!),
    shown: `solutions/${day}/day.ts`,
  });
  if (manifest.ok && manifest.value.draft && !draft) {
    print(
      `pnpm classroom: ${day} is a draft (draft: true in solutions/${day}/day.ts), so its checks may not be written yet; ` +
        'release it first (CONTRIBUTING.md, "Adding a day"), or pass --draft to build it anyway',
    );
    return 2;
  }
  const written = await writeBundle({
    root,
    day: day!,
    kind: kind as BundleKind,
    out: target,
    ...(visibility ? { visibility: visibility as GradescopeVisibility } : {}),
  });
  if (!written.ok) {
    print(`pnpm classroom: ${written.error}`);
    return 2;
  }
  print(`wrote ${BUNDLE_KINDS[kind as BundleKind]} for ${day} to ${out} (${written.files} files)`);
  const checks = manifest.ok ? manifest.value.checks.length : undefined;
  print(
    `next: ${NEXT_STEP[kind as BundleKind]({ out: out!, checks })}; scripts/classroom/README.md has the details`,
  );
  return 0;
}

/** What the instructor does with each bundle once it is written. */
const NEXT_STEP: Record<BundleKind, (bundle: { out: string; checks?: number }) => string> = {
  template: () =>
    'push it to a repository of your organization and create the assignment with it as the template',
  classroom50: ({ out }) =>
    `copy the contents of ${out} to CLASSROOM/autograders/ASSIGNMENT/ in your classroom50 repository`,
  // Gradescope takes the assignment's total from its own settings form, never from results.json.
  gradescope: ({ out, checks }) =>
    `zip the contents of ${out}, not the folder (cd ${out} && zip -qr ../autograder.zip .), and upload the zip; ` +
    `set the assignment's Autograder Points to ${checks ?? 'the number of checks'} (one per check)`,
};

/** An option's value (`--out DIR`) and the arguments without the two. */
function takeOption(args: string[], name: string): { value?: string; rest: string[] } {
  const index = args.indexOf(name);
  if (index === -1) return { rest: args };
  // Given without a value, it is an empty one, which the checks above refuse.
  return {
    value: args[index + 1] ?? '',
    rest: args.filter((_arg, at) => at !== index && at !== index + 1),
  };
}

/** Why a bundle cannot be written to `folder`: it is a file, or holds files already. */
async function checkOutFolder(folder: string): Promise<string | undefined> {
  const found = await stat(folder).catch(() => undefined);
  if (!found) return undefined;
  if (!found.isDirectory()) return 'is a file, not a folder';
  return (await readdir(folder)).length > 0 ? 'is not empty' : undefined;
}
