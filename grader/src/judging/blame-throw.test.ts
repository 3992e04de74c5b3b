import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blameThrow, findThrowingExercise } from './blame-throw';
import { KIT_ROOT } from '../beside-lab/kit-paths';

/** The grader's package, where its sources run under tsx. */
const GRADER_ROOT = join(KIT_ROOT, 'grader');

const CHECK_HINT = 'src/tool-registry.ts, TODO(2) — return { ok: false } instead of throwing';

describe('blameThrow', () => {
  it("keeps the check's own hint for a throw in the code of the check's own exercise", () => {
    expect(
      blameThrow({
        at: 'src/tool-registry.ts:40',
        exercise: 2,
        checkExercise: 2,
        checkHint: CHECK_HINT,
      }),
    ).toBe(CHECK_HINT);
  });

  it("names the place and the other exercise's TODO for a throw in that exercise's code", () => {
    expect(
      blameThrow({
        at: 'src/truncate-result.ts:24',
        exercise: 3,
        checkExercise: 2,
        checkHint: CHECK_HINT,
      }),
    ).toMatch(/^src\/truncate-result\.ts:24, TODO\(3\) — this line threw/);
  });

  it('names the place and no TODO for a throw in code no exercise owns', () => {
    const hint = blameThrow({
      at: 'src/run-agent.ts:125',
      exercise: undefined,
      checkExercise: 2,
      checkHint: CHECK_HINT,
    });
    expect(hint).toMatch(/^src\/run-agent\.ts:125 — this line threw/);
    expect(hint).not.toContain('TODO');
  });

  it('blames nothing when no frame of the lab says where it threw', () => {
    expect(
      blameThrow({ at: undefined, exercise: undefined, checkExercise: 2, checkHint: CHECK_HINT }),
    ).toBe('');
  });

  it("names the place when the check's own hint names no TODO, even in the check's own exercise", () => {
    const exitCodeHint =
      'src/main.ts and what it runs — the run must end by itself with exit code 0';
    expect(
      blameThrow({
        at: 'src/tool-registry.ts:44',
        exercise: 2,
        checkExercise: 2,
        checkHint: exitCodeHint,
        kind: 'exit',
      }),
    ).toMatch(
      /^src\/tool-registry\.ts:44, TODO\(2\) — this line calls process\.exit, .*let your code for TODO\(2\) return instead/,
    );
  });

  it('says a line called process.exit, or threw with nothing to catch it, rather than that it threw', () => {
    const exited = blameThrow({
      at: 'src/tools/grep.ts:56',
      exercise: undefined,
      checkExercise: 2,
      checkHint: CHECK_HINT,
      kind: 'exit',
    });
    expect(exited).toMatch(/^src\/tools\/grep\.ts:56 — this line calls process\.exit/);
    expect(exited).toContain('exit code 0');
    const uncaught = blameThrow({
      at: 'src/main.ts:25',
      exercise: undefined,
      checkExercise: 2,
      checkHint: CHECK_HINT,
      kind: 'uncaught',
    });
    expect(uncaught).toMatch(/^src\/main\.ts:25 — this line threw and nothing caught it/);
  });
});

describe('findThrowingExercise', () => {
  let lab: string;
  /** A file outside the lab whose line 2 is in exercise 5's code, as a root-only file might seem. */
  let outside: string;
  beforeAll(async () => {
    const root = await mkdtemp(join(tmpdir(), 'find-throwing-exercise-'));
    lab = join(root, 'lab');
    outside = join(root, 'outside.ts');
    const owned = '// #region exercise 5\nthrow new Error();\n// #endregion exercise 5\n';
    await writeFile(outside, owned);
    await mkdir(join(lab, 'src'), { recursive: true });
    await writeFile(join(lab, 'src', 'owned.ts'), owned);
    await writeFile(join(lab, 'package.json'), owned);
    await symlink(outside, join(lab, 'src', 'linked.ts'));
    await symlink('/dev/zero', join(lab, 'src', 'zero.ts'));
    await symlink(join(root), join(lab, 'src', 'up'));
  });
  afterAll(() => rm(dirname(lab), { recursive: true, force: true }));

  it("blames the exercise whose code holds the line of the lab's src", () => {
    expect(findThrowingExercise({ labDir: lab, at: 'src/owned.ts:2' })).toBe(5);
  });

  it.each([
    ['a file outside the lab', () => `../outside.ts:2`],
    ['a file outside the lab, by its absolute path', () => `${outside}:2`],
    ["a file of the lab's outside its src", () => 'package.json:2'],
    ['a link in src to a file outside the lab', () => 'src/linked.ts:2'],
    ['a file through a link in src to a folder outside the lab', () => 'src/up/outside.ts:2'],
  ])(
    'reads nothing, and blames no exercise, for a place the check process names in %s',
    (_, at) => {
      expect(findThrowingExercise({ labDir: lab, at: at() })).toBeUndefined();
    },
  );

  it('reads no device a link leads to (/dev/zero would never end)', async () => {
    // In a process of its own, bounded in time: a read of /dev/zero would hold this one forever.
    const ended = await execa(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        `import { findThrowingExercise } from './src/judging/blame-throw.ts';
        console.log(String(findThrowingExercise({ labDir: ${JSON.stringify(lab)}, at: 'src/zero.ts:1' })));`,
      ],
      { cwd: GRADER_ROOT, reject: false, timeout: 20_000 },
    );
    expect(ended.timedOut).toBe(false);
    expect(ended.stdout).toBe('undefined');
  }, 30_000);
});
