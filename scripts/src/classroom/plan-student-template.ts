import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { listPackageFiles } from '../list-package-files';
import { listSolutionDays, unknownDayMessage } from '../list-solution-days';
import { listWorkspacePackages, withWorkspaceDependencies } from './list-workspace-packages';
import { syncStarter } from '../sync-starter';

/**
 * Grader files a student never needs: its own tests and the fixtures they build from the
 * solutions (a fixture names solution lines to mutate), so they must never leave the kit.
 */
const GRADER_TEST_SUPPORT = [
  /\.test\.ts$/,
  /(^|\/)__fixtures__\//,
  /^src\/test-helpers\.ts$/,
  /^src\/fixture-lab\.ts$/,
  /^src\/testing\.ts$/,
];

/** Root files every template carries as they are. */
const ROOT_FILES = [
  'pnpm-lock.yaml',
  'tsconfig.base.json',
  'vitest.shared.ts',
  'vitest-compact-reporter.ts',
  '.nvmrc',
  '.npmrc',
  '.gitignore',
  '.prettierrc.json',
  '.prettierignore',
];

/** The student template for a day: relative path → content. */
export type TemplateFiles = Map<string, Buffer>;

/**
 * The repository a graded student gets for one day: the day's starter, the platform packages it
 * needs, the grader (without its tests and fixtures) so `pnpm grade` works, and a root that ties
 * them into a workspace. Never anything of solutions/: a student can only reach what is in here.
 */
export async function planStudentTemplate({
  root,
  day,
}: {
  root: string;
  day: string;
}): Promise<{ ok: true; value: TemplateFiles } | { ok: false; error: string }> {
  const days = await listSolutionDays(root);
  if (!days.includes(day)) return { ok: false, error: unknownDayMessage({ day, days }) };
  const labFolder = `labs/${day}`;
  const packages = await listWorkspacePackages(root);
  if (!packages.some((entry) => entry.folder === labFolder)) {
    return {
      ok: false,
      error: `${labFolder} does not exist yet; run \`pnpm starter ${day}\` first`,
    };
  }

  // The starter as generated from the solution, never the lab as someone left it: an instructor who
  // tried the exercises in labs/<day> would otherwise hand their answers to every student.
  const starter = await syncStarter({ root, day, check: true });
  if (!starter.ok || starter.plan.differences.length > 0) {
    const differing = starter.ok ? starter.plan.differences.length : 0;
    return {
      ok: false,
      error:
        `${labFolder} is not the starter generated from solutions/${day}` +
        `${differing > 0 ? ` (${differing} file(s) differ; \`pnpm starter ${day} --check\` lists them)` : ''}: ` +
        `run \`pnpm starter ${day}\` (commit or stash your own work in it first), then build the template again`,
    };
  }

  const files: TemplateFiles = new Map();
  const folders = withWorkspaceDependencies({ packages, start: [labFolder, 'grader'] });
  for (const folder of folders) {
    if (folder.startsWith('solutions/')) {
      return {
        ok: false,
        error: `${folder} is a dependency of ${labFolder} or the grader; nothing a student gets may need a solution`,
      };
    }
    for (const file of await listPackageFiles(path.join(root, folder))) {
      if (folder === 'grader' && GRADER_TEST_SUPPORT.some((pattern) => pattern.test(file)))
        continue;
      files.set(`${folder}/${file}`, await readFile(path.join(root, folder, file)));
    }
  }
  for (const file of ROOT_FILES) {
    files.set(file, await readFile(path.join(root, file)));
  }
  files.set('package.json', Buffer.from(await templateManifest({ root, day })));
  files.set('pnpm-workspace.yaml', Buffer.from(templateWorkspace(folders)));
  files.set('README.md', Buffer.from(templateReadme(day)));
  files.set(START_FILE, await readFile(path.join(root, 'scripts/classroom/template', START_FILE)));
  return { ok: true, value: files };
}

/** The file the template's `pnpm start` runs. */
const START_FILE = 'start.mjs';

/** The kit's root package.json with only what a student runs: grade, start, test, typecheck. */
async function templateManifest({ root, day }: { root: string; day: string }): Promise<string> {
  const kit = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')) as Record<
    string,
    unknown
  > & {
    devDependencies: Record<string, string>;
  };
  // Kept, turbo included, but for knip, which checks the kit's package declarations and is no use
  // to a student; fitTemplateLockfile then fits the lockfile to what is left.
  const { knip: _knip, ...devDependencies } = kit.devDependencies;
  const manifest = {
    name: `agent-course-${day}`,
    version: kit.version,
    private: true,
    description: `Day ${day.slice(1)} of the agent course: the starter to complete, and the grader that checks it.`,
    type: 'module',
    packageManager: kit.packageManager,
    engines: kit.engines,
    scripts: {
      grade: 'node grader/src/grade-command.mjs',
      start: `node ${START_FILE}`,
      test: `pnpm --filter ./labs/${day} test`,
      typecheck: 'pnpm -r typecheck',
      // The lesson page names the full kit's probe; here it says where that is.
      probe: `node -e "console.error('pnpm probe is part of the full course kit, not of this repository: run it from the root of a clone of the kit'); process.exit(1)"`,
      // The lesson page may name the full kit's switch between earlier days; here there is only one day.
      switch: `node -e "console.error('pnpm switch is part of the full course kit: this repository holds one day, which runs and is graded on the kit\\'s earlier days'); process.exit(1)"`,
    },
    devDependencies,
    pnpm: kit.pnpm,
  };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

/** The workspace: exactly the folders the template holds. */
function templateWorkspace(folders: string[]): string {
  return `packages:\n${folders.map((folder) => `  - ${folder}`).join('\n')}\n`;
}

/** The template's front page: where the lesson is and how to check the work. */
function templateReadme(day: string): string {
  return `# Agent course, day ${day.slice(1)}

Your work is in \`labs/${day}\`; its README is the lesson: the ideas, the exercises and the checks.

\`\`\`sh
npm install -g pnpm@10 && pnpm install   # once
MOCK=1 pnpm start                        # run the agent offline against a scripted model
pnpm test                                # the lab's own tests, red until the TODOs are done
pnpm grade ${day}                            # the checks your submission is graded with
\`\`\`

Fill in the \`TODO(n)\` comments in \`labs/${day}/src\` and run \`pnpm grade ${day}\` until every check
passes. Only \`labs/${day}/src\` is graded: changes elsewhere (the grader, the packages, package.json)
are not part of your submission.
`;
}
