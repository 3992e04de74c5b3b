import { describe, expect, it } from 'vitest';
import type { DayCheck } from '@agent-course/course';
import { resultOfOutcome } from './result-of-outcome';

const CHECK: DayCheck = {
  id: 'registry',
  title: 'registry',
  exercise: 2,
  hints: { default: 'src/tool-registry.ts, TODO(2) — look it up by name' },
};

describe('resultOfOutcome', () => {
  const failed = { passed: false as const, expected: 'x', got: 'y' };

  it('says a throw on a line no exercise owns is unowned, for the prerequisite to be blamed', () => {
    const result = resultOfOutcome({
      check: CHECK,
      outcome: { ...failed, threw: { at: 'src/run-agent.ts:125' } },
      labDir: '/nowhere',
    });
    expect(result.unownedThrow).toBe('src/run-agent.ts:125');
    expect(result.hint).toMatch(/^src\/run-agent\.ts:125 — this line threw/);
  });

  it('does not for an exit, a throw with no place, or a time limit', () => {
    for (const outcome of [
      { ...failed, threw: { at: 'src/tools/grep.ts:56', kind: 'exit' as const } },
      { ...failed, threw: {} },
      { ...failed, threw: { at: 'src/run-agent.ts:125' }, errorKind: 'timeout' as const },
    ]) {
      expect(
        resultOfOutcome({ check: CHECK, outcome, labDir: '/nowhere' }),
        JSON.stringify(outcome),
      ).not.toHaveProperty('unownedThrow');
    }
  });

  it('carries why the check did not run', () => {
    const notRun = { kind: 'load' as const, where: 'src/a.ts:3', reason: 'boom' };
    const result = resultOfOutcome({
      check: CHECK,
      outcome: { ...failed, errorKind: 'crashed', notRun },
      labDir: '/nowhere',
    });
    expect(result.notRun).toEqual(notRun);
  });
});
