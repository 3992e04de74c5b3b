import { Chalk } from 'chalk';
import { describe, expect, it } from 'vitest';
import type { BatchRow } from './batch-row';
import type { GradeResult } from './grade-result';
import { GradescopeResults, toGradescopeResults } from './gradescope-results';
import { renderCsv } from './render-csv';
import { renderTable } from './render-table';
import { renderText } from './render-text';

const grade: GradeResult = {
  day: 'd3',
  lab: 'labs/d3',
  score: 1,
  max: 2,
  checks: [
    {
      id: 'first',
      title: 'first: works',
      status: 'pass',
      message: '',
      hint: '',
      transcript: ['glob → 3 files'],
    },
    {
      id: 'second-check',
      title: 'second: breaks',
      status: 'error',
      errorKind: 'timeout',
      message: 'did not finish',
      hint: 'src/a.ts, TODO(1) — fix it',
    },
  ],
};

describe('renderText', () => {
  it('marks each check, explains failures with a hint, and ends with the tally', () => {
    const text = renderText({ result: grade, verbose: false, colors: new Chalk({ level: 0 }) });
    expect(text.split('\n')).toEqual([
      'Grading d3: labs/d3',
      '',
      '✓ first         first: works',
      '✗ second-check  second: breaks',
      '    timeout: did not finish',
      '    hint: src/a.ts, TODO(1) — fix it',
      '',
      'Score: 1/2 passed',
      '1 passed, 1 failed',
      '',
    ]);
  });

  it('adds the transcript with --verbose', () => {
    const text = renderText({ result: grade, verbose: true, colors: new Chalk({ level: 0 }) });
    expect(text).toContain('    │ glob → 3 files');
  });
});

describe('toGradescopeResults', () => {
  it('gives one test per check in the results.json shape', () => {
    const results = GradescopeResults.parse(toGradescopeResults(grade));
    expect(results.score).toBe(1);
    expect(results.tests.map((test) => test.status)).toEqual(['passed', 'failed']);
  });
});

describe('batch rows', () => {
  const rows: BatchRow[] = [
    { submission: 'submissions/a', result: 'timeout', grade },
    { submission: 'submissions/b, "odd"', result: 'not a lab' },
  ];

  it('renders an aligned table', () => {
    expect(renderTable(rows).split('\n').slice(0, 3)).toEqual([
      'submission            score  result     failed checks',
      'submissions/a         1/2    timeout    second-check',
      'submissions/b, "odd"  -      not a lab  -',
    ]);
  });

  it('renders a CSV with one column per check, quoting where needed', () => {
    expect(renderCsv({ rows, checkIds: ['first', 'second-check'] })).toBe(
      'submission,score,result,first,second-check\nsubmissions/a,1/2,timeout,pass,timeout\n"submissions/b, ""odd""",-,not a lab,,\n',
    );
  });
});
