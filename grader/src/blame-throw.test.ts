import { describe, expect, it } from 'vitest';
import { blameThrow, findUnownedThrow } from './blame-throw';

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
    expect(findUnownedThrow(exited)).toBeUndefined();
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
