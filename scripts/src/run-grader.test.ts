import { symlink } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTempRoot } from './create-temp-root';
import { runGrader } from './run-grader';
import { REPO_ROOT } from './repo-root';

/** A root whose `pnpm grade` command (grader/src/grade-command.mjs) is `source`, with the workspace's modules linked in. */
async function rootWithGrader(source: string): Promise<string> {
  const root = await createTempRoot({ 'grader/src/grade-command.mjs': source });
  await symlink(path.join(REPO_ROOT, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  return root;
}

describe('runGrader', () => {
  it('stops a grade that never ends, saying which and what to run', async () => {
    const root = await rootWithGrader('setInterval(() => {}, 1000);');
    const result = await runGrader({ root, day: 'd9', labDir: 'labs/d9', limitMs: 1000 });
    expect(result).toEqual({
      ok: false,
      error:
        'grading labs/d9 as d9 did not finish within 1 s; run `pnpm grade d9 --lab labs/d9` to see where it stops',
    });
  });

  it('reads the JSON report even though a low score exits non-zero, and passes an absolute --lab', async () => {
    const root = await rootWithGrader(
      [
        'const lab = process.argv[process.argv.indexOf("--lab") + 1];',
        'const checks = [{ id: "a", title: "A", status: "fail", message: lab, hint: "TODO(1)" }];',
        'console.log(JSON.stringify({ day: process.argv[2], lab, score: 0, max: 1, checks }));',
        'process.exitCode = 1;',
      ].join('\n'),
    );
    const result = await runGrader({ root, day: 'd9', labDir: 'labs/d9' });
    expect(result).toEqual({
      ok: true,
      value: {
        day: 'd9',
        lab: path.join(root, 'labs/d9'),
        score: 0,
        max: 1,
        checks: [
          {
            id: 'a',
            title: 'A',
            status: 'fail',
            message: path.join(root, 'labs/d9'),
            hint: 'TODO(1)',
          },
        ],
      },
    });
  });

  it('reports a crashing grader by its error line', async () => {
    const root = await rootWithGrader('throw new TypeError("check.run is not a function");\n');
    const result = await runGrader({ root, day: 'd9', labDir: 'labs/d9' });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toMatch(
      /^the grader printed no JSON report \(exit 1\): .*TypeError: check\.run is not a function/,
    );
  });

  it('summarises a report of the wrong shape in one line', async () => {
    const root = await rootWithGrader(
      'console.log(JSON.stringify({ day: "d9", lab: "x", score: 0, max: 7, checks: [{}, {}, {}, {}] }));\n',
    );
    expect(await runGrader({ root, day: 'd9', labDir: 'labs/d9' })).toEqual({
      ok: false,
      error:
        "the grader's JSON report has an unexpected shape: checks.0.id: Invalid input: expected string, received undefined; " +
        'checks.0.title: Invalid input: expected string, received undefined; ' +
        'checks.0.status: Invalid option: expected one of "pass"|"fail"|"error" (+17 more)',
    });
  });

  it('says so when there is no grader at all', async () => {
    const result = await runGrader({
      root: await createTempRoot({}),
      day: 'd9',
      labDir: 'labs/d9',
    });
    expect(result).toEqual({
      ok: false,
      error:
        'grader/src/grade-command.mjs does not exist; the grader must be in place to grade labs/d9',
    });
  });
});
