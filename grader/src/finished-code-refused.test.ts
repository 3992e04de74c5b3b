import { chmod, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GradeResult } from '@agent-course/course';
import { KIT_ROOT } from './beside-lab/kit-paths';
import { createLabFolder, gradeInProcess, makeLab } from './test-helpers';

let folder: Awaited<ReturnType<typeof createLabFolder>>;
beforeAll(async () => {
  folder = await createLabFolder();
});
afterAll(() => folder.remove());

/** Day 3's finished code, which the kit carries for day 4 (packages/finished-d3). */
const FINISHED_D3 = join(KIT_ROOT, 'packages', 'finished-d3', 'src');

/** The exercises' files of a d3 lab that pass 7/7 when they are day 3's finished code. */
const EXERCISE_FILES = {
  'truncate-result.ts': 'MAX_RESULT_CHARS, truncateResult, truncationNote',
  'tool-call-accumulator.ts': 'ToolCallAccumulator',
  'tool-registry.ts': 'createToolRegistry',
};

/** Makes each exercise's file of `lab` re-export the finished one, imported from `from(file)`. */
async function reexport({ lab, from }: { lab: string; from: (file: string) => string }) {
  for (const [file, names] of Object.entries(EXERCISE_FILES)) {
    await writeFile(join(lab, 'src', file), `export { ${names} } from '${from(file)}';\n`);
  }
}

describe("a lab may not import the kit's finished code of its own day", () => {
  it("a d3 starter whose exercises re-export packages/finished-d3's files scores nothing for them", async () => {
    const lab = await makeLab({ into: join(folder.root, 'reexports-agent'), from: 'labs/d3' });
    await reexport({ lab, from: (file) => join(FINISHED_D3, file) });

    const { exitCode, stdout } = await gradeInProcess([
      'd3',
      '--lab',
      lab,
      '--timeout',
      '5',
      '--json',
    ]);
    const result = GradeResult.parse(JSON.parse(stdout));
    expect(exitCode).toBe(1);
    expect(result.score).toBe(0);
    expect(result.compileError?.problems.join('\n')).toContain(
      // The kit's folder is hidden like every machine path: the report reads the same anywhere.
      'the lab imports "<kit>/packages/finished-d3/src/truncate-result.ts", which is the kit\'s finished code of d3',
    );
  });

  it("nor by its name, from a lab whose own node_modules has day 4's packages", async () => {
    const lab = await makeLab({ into: join(folder.root, 'imports-agent'), from: 'labs/d3' });
    // A lab whose node_modules leads somewhere is graded where it is, with its own packages: as
    // root, by a user who must be able to enter its folder.
    await chmod(folder.root, 0o755);
    await symlink(join(KIT_ROOT, 'labs', 'd4', 'node_modules'), join(lab, 'node_modules'));
    await reexport({ lab, from: () => '@agent-course/finished-d3' });
    const { exitCode, stdout } = await gradeInProcess([
      'd3',
      '--lab',
      lab,
      '--timeout',
      '5',
      '--json',
    ]);
    const result = GradeResult.parse(JSON.parse(stdout));
    expect(exitCode).toBe(1);
    expect(result.score).toBe(0);
    expect(result.compileError?.problems.join('\n')).toContain(
      `the lab imports "@agent-course/finished-d3", which is the kit's finished code of d3`,
    );
  });
});
