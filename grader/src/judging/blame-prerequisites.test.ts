import { describe, expect, it } from 'vitest';
import { blamePrerequisites, withPrerequisites } from './blame-prerequisites';
import { blameThrow } from './blame-throw';
import type { Check } from './check';
import type { JudgedResult } from './judged-result';

function check(id: string, dependsOn?: string[]): Check {
  return {
    id,
    title: id,

    hints: { default: `${id} hint` },
    ...(dependsOn ? { dependsOn } : {}),
    judge: () => Promise.reject(new Error('not judged in these tests')),
  };
}

function result(id: string, status: JudgedResult['status'], extra: Partial<JudgedResult> = {}) {
  const failed = status !== 'pass';
  return [
    id,
    {
      id,
      title: id,
      status,
      message: failed ? 'expected: x\ngot: y' : '',
      hint: failed ? `src/${id}.ts, TODO(1)` : '',
      ...extra,
    } as JudgedResult,
  ] as const;
}

const CHECKS = [check('merging'), check('registry', ['merging']), check('order', ['merging'])];

describe('blamePrerequisites', () => {
  it('puts a failing prerequisite and its hint before the dependent check’s own hint', () => {
    const blamed = blamePrerequisites({
      checks: CHECKS,
      results: new Map([result('merging', 'fail'), result('registry', 'fail')]),
    });
    expect(blamed.get('registry')?.hint).toBe(
      'merging fails too, so fix it first: src/merging.ts, TODO(1); then, if registry still fails: src/registry.ts, TODO(1)',
    );
    expect(blamed.get('merging')?.hint).toBe('src/merging.ts, TODO(1)');
  });

  it('names a prerequisite the report shows by its place alone, its whole hint being above', () => {
    const results = new Map([
      result('merging', 'fail', { hint: 'src/merging.ts, TODO(1) — key the calls by index' }),
      result('registry', 'fail'),
    ]);
    const shown = blamePrerequisites({
      checks: CHECKS,
      results,
      shown: new Set(['merging', 'registry']),
    });
    expect(shown.get('registry')?.hint).toBe(
      'merging fails too, so fix it first: src/merging.ts, TODO(1) (its hint is above); then, if registry still fails: src/registry.ts, TODO(1)',
    );
    // Under --only registry the prerequisite runs but is not shown: its whole hint is said.
    const alone = blamePrerequisites({ checks: CHECKS, results, shown: new Set(['registry']) });
    expect(alone.get('registry')?.hint).toBe(
      'merging fails too, so fix it first: src/merging.ts, TODO(1) — key the calls by index; then, if registry still fails: src/registry.ts, TODO(1)',
    );
  });

  it('sends a check that threw in given code to the prerequisite alone, not to edit that code', () => {
    const hint = blameThrow({
      at: 'src/run-agent.ts:125',
      exercise: undefined,
      checkExercise: 2,
      checkHint: 'src/registry.ts, TODO(2)',
    });
    const blamed = blamePrerequisites({
      checks: CHECKS,
      results: new Map([
        result('merging', 'fail'),
        result('registry', 'error', {
          errorKind: 'crashed',
          hint,
          unownedThrow: 'src/run-agent.ts:125',
        }),
      ]),
    });
    expect(blamed.get('registry')?.hint).toBe(
      'merging fails too, so fix it first: src/merging.ts, TODO(1); then grade again: the throw at src/run-agent.ts:125 may well come from what that broken code handed it',
    );
  });

  it('leaves the hint alone when the prerequisite passed', () => {
    const blamed = blamePrerequisites({
      checks: CHECKS,
      results: new Map([result('merging', 'pass'), result('registry', 'fail')]),
    });
    expect(blamed.get('registry')?.hint).toBe('src/registry.ts, TODO(1)');
  });

  it('leaves a timeout plain, and does not repeat a hint both checks share', () => {
    const blamed = blamePrerequisites({
      checks: CHECKS,
      results: new Map([
        result('merging', 'fail', { hint: 'src/a.ts:3 — the lab does not compile' }),
        result('registry', 'error', { errorKind: 'timeout', hint: '' }),
        result('order', 'fail', { hint: 'src/a.ts:3 — the lab does not compile' }),
      ]),
    });
    expect(blamed.get('registry')?.hint).toBe('');
    expect(blamed.get('order')?.hint).toBe('src/a.ts:3 — the lab does not compile');
  });

  it('points at a prerequisite that was stopped for time, whose hint is empty', () => {
    const blamed = blamePrerequisites({
      checks: CHECKS,
      results: new Map([
        result('merging', 'error', { errorKind: 'timeout', hint: '' }),
        result('order', 'fail'),
      ]),
    });
    expect(blamed.get('order')?.hint).toMatch(
      /^merging fails too, so fix it first: see its report;/,
    );
  });
});

describe('withPrerequisites', () => {
  it('adds what the selected checks depend on, in the day’s order', () => {
    const selected = [CHECKS[2]!];
    expect(withPrerequisites({ checks: CHECKS, selected }).map((entry) => entry.id)).toEqual([
      'merging',
      'order',
    ]);
  });

  it('follows dependencies of dependencies', () => {
    const chain = [check('a'), check('b', ['a']), check('c', ['b'])];
    expect(
      withPrerequisites({ checks: chain, selected: [chain[2]!] }).map((entry) => entry.id),
    ).toEqual(['a', 'b', 'c']);
  });
});
