import { describe, expect, it } from 'vitest';
import { toGradescopeResults } from './gradescope-results';

describe('toGradescopeResults', () => {
  it('adds the hint under a failure, and no empty hint line where there is none (a timeout)', () => {
    const results = toGradescopeResults({
      notRun: new Set(),
      result: {
        day: 'd3',
        lab: 'labs/d3',
        score: 0,
        max: 2,
        checks: [
          {
            id: 'truncation',
            title: 'truncation',
            status: 'fail',
            message: 'expected: 8054\ngot: 8000',
            hint: 'src/truncate-result.ts, TODO(3)',
          },
          {
            id: 'call-order',
            title: 'call order',
            status: 'error',
            errorKind: 'timeout',
            message: 'it used 10 s of CPU time',
            hint: '',
          },
        ],
      },
    });
    expect(results.tests.map((test) => test.output)).toEqual([
      'expected: 8054\ngot: 8000\nhint: src/truncate-result.ts, TODO(3)',
      'it used 10 s of CPU time',
    ]);
  });

  it('adds what the lab printed while a check ran, passed or not, as the text report says it', () => {
    const results = toGradescopeResults({
      notRun: new Set(),
      result: {
        day: 'd3',
        lab: 'labs/d3',
        score: 1,
        max: 2,
        checks: [
          {
            id: 'truncation',
            title: 'truncation',
            status: 'pass',
            message: '',
            hint: '',
            printed: { lines: ['DEBUG 20000'], moreLines: 0 },
          },
          {
            id: 'call-order',
            title: 'call order',
            status: 'fail',
            message: 'expected: 50\ngot: 49',
            hint: 'TODO(3)',
            printed: { lines: ['a', 'b'], moreLines: 1_000, lastLines: ['z'] },
          },
        ],
      },
    });
    expect(results.tests.map((test) => test.output)).toEqual([
      'passed\nthe lab printed while this check ran:\nDEBUG 20000',
      'expected: 50\ngot: 49\nhint: TODO(3)\nthe lab printed 1,003 lines while this check ran; the first 2 and the last 1:\na\nb\n… 1,000 more …\nz',
    ]);
  });

  it('says in each failed test what stopped it, or the seed its variants came from', () => {
    const compiled = {
      day: 'd3',
      lab: 'labs/d3',
      score: 0,
      max: 1,
      seed: 42,
      checks: [
        {
          id: 'truncation',
          title: 'truncation',
          status: 'error' as const,
          message: 'not run: the lab does not compile (src/index.ts:13)',
          hint: '',
        },
      ],
    };
    const stopped = toGradescopeResults({
      notRun: new Set(['truncation']),
      result: {
        ...compiled,
        compileError: { where: 'src/index.ts:13', problems: ['src/index.ts:13: Unexpected ";"'] },
      },
    });
    expect(stopped.tests[0]!.output).toBe(
      'not run: the lab does not compile (src/index.ts:13)\n\nThe lab does not compile, so its checks could not run:\nsrc/index.ts:13: Unexpected ";"\nFix src/index.ts:13 first, then submit again.',
    );
    const ran = toGradescopeResults({ notRun: new Set(), result: compiled });
    expect(ran.tests[0]!.output).toMatch(
      /\n\nThe checks' generated variants came from seed 42; .*--seed 42/,
    );
  });
});
