import { describe, expect, it } from 'vitest';
import { toGradescopeResults } from './gradescope-results';

describe('toGradescopeResults', () => {
  it('adds the hint under a failure, and no empty hint line where there is none (a timeout)', () => {
    const results = toGradescopeResults({
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
    });
    expect(results.tests.map((test) => test.output)).toEqual([
      'expected: 8054\ngot: 8000\nhint: src/truncate-result.ts, TODO(3)',
      'it used 10 s of CPU time',
    ]);
  });
});
