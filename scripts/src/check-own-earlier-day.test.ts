import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { DayManifest, GradeResult } from '@agent-course/course';
import { describe, expect, it } from 'vitest';
import { checkOwnEarlierDay } from './check-own-earlier-day';
import { createStandInDay } from './create-stand-in-day';
import { createTempRoot } from './create-temp-root';
import type { RunGrader } from './run-grader';

const SOLUTION_D3 = {
  'solutions/d3/package.json': '{ "name": "d3" }\n',
  'solutions/d3/src/index.ts': "export { merge } from './merge';\n",
  'solutions/d3/src/main.ts': "import { merge } from './merge';\nmerge();\n",
  'solutions/d3/src/merge.ts':
    "import { helper } from './tools/helper';\nexport const merge = helper;\n",
  'solutions/d3/src/tools/helper.ts': 'export const helper = () => 1;\n',
  'solutions/d3/src/merge.test.ts': "import { merge } from './merge';\n",
};

const manifest: DayManifest = {
  id: 'd4',
  title: 'a day for tests',
  draft: false,
  start: 'src/main.ts',
  buildsOn: ['d3'],
  starterScore: 0,
  exercises: [],
  checks: [{ id: 'one', title: 'one', hints: { default: 'x' } }],
};

/** A grader that answers from what it is given: the score of d4, and of the d3 it ran on. */
const grader =
  (scores: { standIn: [number, number]; starter: [number, number] }): RunGrader =>
  async ({ on = {} }) => {
    const starter = on.d3?.endsWith(path.join('labs', 'd3'));
    const [score, ownScore] = starter ? scores.starter : scores.standIn;
    const value: GradeResult = {
      day: 'd4',
      lab: 'solutions/d4',
      score,
      max: 7,
      checks: [],
      ranOn: [{ day: 'd3', lab: on.d3!, score: ownScore, max: 7 }],
    };
    return { ok: true, value };
  };

describe('createStandInDay', () => {
  it('moves every module but the index and the start file behind a re-export, and leaves the tests', async () => {
    const root = await createTempRoot(SOLUTION_D3);
    const standIn = await createStandInDay({ solution: path.join(root, 'solutions/d3') });
    const read = (file: string) => readFile(path.join(standIn, file), 'utf8');
    expect(await read('src/index.ts')).toBe("export { merge } from './merge';\n");
    expect(await read('src/merge.ts')).toBe("export * from './merge-own';\n");
    expect(await read('src/merge-own.ts')).toContain("from './tools/helper-own'");
    expect(await read('src/tools/helper.ts')).toBe("export * from './helper-own';\n");
    expect(existsSync(path.join(standIn, 'src/merge.test.ts'))).toBe(false);
  });
});

describe('checkOwnEarlierDay', () => {
  it('passes when the day scores full marks on the stand-in and falls short, naming it, on the starter', async () => {
    const root = await createTempRoot(SOLUTION_D3);
    const result = await checkOwnEarlierDay({
      root,
      manifest,
      earlier: 'd3',
      runGrader: grader({ standIn: [7, 7], starter: [5, 2] }),
    });
    expect(result.passed).toBe(true);
    expect(result.summary).toContain('on labs/d3 (2/7) it falls short and the grade names it');
  });

  it("fails a day that needs the kit's internals, and a grade that did not run the day given", async () => {
    const root = await createTempRoot(SOLUTION_D3);
    const result = await checkOwnEarlierDay({
      root,
      manifest,
      earlier: 'd3',
      runGrader: grader({ standIn: [6, 7], starter: [7, 2] }),
    });
    expect(result.passed).toBe(false);
    expect(result.details).toEqual([
      "solutions/d4 scores 6/7 on a full-marks day 3 of other modules: it depends on the kit's finished d3 beyond what it exports",
      "solutions/d4 still scores 7/7 on labs/d3's unfinished starter: the grade did not run it on the day given",
    ]);
  });
});
