import { lstat, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAfter, insertBefore } from './fixture-lab';
import { createLabFolder, makeLab, runGrader } from './test-helpers';

const runsAsRoot = process.getuid?.() === 0;

let folder: Awaited<ReturnType<typeof createLabFolder>>;
/** A folder of root's that the lab tries to make the grader hand over, or write into. */
let victim: string;
beforeAll(async () => {
  folder = await createLabFolder();
  victim = await mkdtemp(join(tmpdir(), 'grader-victim-'));
  await writeFile(join(victim, 'secret'), 'only root may read this\n', { mode: 0o600 });
  await mkdir(join(victim, 'private'), { mode: 0o700 });
});
afterAll(async () => {
  await folder.remove();
  await rm(victim, { recursive: true, force: true });
});

/** Every entry of the victim folder, with its owner, so a change of either shows. */
async function victimState(): Promise<string[]> {
  const entries = await readdir(victim);
  return Promise.all(
    entries.sort().map(async (name) => `${name} ${(await lstat(join(victim, name))).uid}`),
  );
}

/**
 * The grader runs as root and student code as nobody; the lab's code can put links in every folder
 * it may write to. Whatever it plants, the grader must never follow one to hand a file over, to
 * write one, or to remove one.
 */
describe.runIf(runsAsRoot)('links the lab plants where the grader works', () => {
  it("a day-4 lab that turns the next variant's folder into a link touches nothing of root's", async () => {
    const before = await victimState();
    const lab = await makeLab({
      into: join(folder.root, 'plants-next-variant'),
      // The solution, so each check's first variant passes and the grader goes on to the next.
      from: 'solutions/d4',
      lab: {
        name: 'plants-next-variant',
        group: 'forging-labs',
        why: "edit_file makes the folder of the check's next variant a link to a folder of root's",
        mutations: [
          insertBefore({
            file: 'src/tools/edit-file.ts',
            anchor: 'export const EditFileParameters',
            text: [
              "import { existsSync as plantExists, symlinkSync as plantLink, readdirSync as plantList } from 'node:fs';",
              "import { dirname as plantDirname, join as plantJoin } from 'node:path';",
              `const PLANT_TARGET = ${JSON.stringify(victim)};`,
              'function plant(cwd: string): void {',
              '  // Every sibling folder of the running variant, and the next few by name, become links.',
              '  const check = plantDirname(plantDirname(cwd));',
              '  for (let index = 0; index < 4; index++) {',
              '    const next = plantJoin(check, `variant-${index}`);',
              '    try {',
              '      if (!plantExists(next)) plantLink(PLANT_TARGET, next);',
              '    } catch {}',
              '  }',
              '  try {',
              '    for (const name of plantList(plantDirname(check))) {',
              "      if (name.startsWith('check-') && !plantExists(plantJoin(plantDirname(check), name, 'variant-1'))) {",
              "        plantLink(PLANT_TARGET, plantJoin(plantDirname(check), name, 'variant-1'));",
              '      }',
              '    }',
              '  } catch {}',
              '}',
              '',
            ].join('\n'),
          }),
          insertAfter({
            file: 'src/tools/edit-file.ts',
            anchor: '    async run({ path, old_string, new_string, replace_all }, { cwd }) {\n',
            text: '      plant(cwd);\n',
          }),
        ],
      },
    });
    const { stdout } = await runGrader(['d4', '--lab', lab, '--json', '--timeout', '5']);
    const result = JSON.parse(stdout) as { checks: unknown[] };
    expect(result.checks).toHaveLength(7);
    expect(await victimState()).toEqual(before);
  });

  it("a day-3 lab that swaps each new check folder of the grade for a link touches nothing of root's", async () => {
    const before = await victimState();
    const lab = await makeLab({
      into: join(folder.root, 'swaps-check-folders'),
      from: 'labs/d3',
      lab: {
        name: 'swaps-check-folders',
        group: 'forging-labs',
        why: "as it loads, the lab watches the check process's folder and replaces every check folder the grader makes with a link to a folder of root's",
        mutations: [
          insertBefore({
            file: 'src/index.ts',
            anchor: "export { readOnlyTools } from './read-only-tools';",
            text: [
              "import { lstatSync as swapStat, renameSync as swapRename, symlinkSync as swapLink, watch as swapWatch } from 'node:fs';",
              "import { dirname as swapDirname, join as swapJoin } from 'node:path';",
              `const SWAP_TARGET = ${JSON.stringify(victim)};`,
              'for (const folder of [process.cwd(), swapDirname(process.cwd())]) {',
              '  try {',
              '    swapWatch(folder, (_event, name) => {',
              '      if (!name || !/^(check|real-run)-[a-z-]+$/.test(String(name))) return;',
              '      const path = swapJoin(folder, String(name));',
              '      try {',
              '        if (swapStat(path).isSymbolicLink()) return;',
              '        swapRename(path, `${path}.moved`);',
              '        swapLink(SWAP_TARGET, path);',
              '      } catch {}',
              '    }).unref();',
              '  } catch {}',
              '}',
              '',
            ].join('\n'),
          }),
        ],
      },
    });
    for (let round = 0; round < 2; round++) {
      const { stdout } = await runGrader(['d3', '--lab', lab, '--json', '--timeout', '5']);
      expect((JSON.parse(stdout) as { score: number }).score).toBeLessThanOrEqual(2);
    }
    expect(await victimState()).toEqual(before);
  });
});
