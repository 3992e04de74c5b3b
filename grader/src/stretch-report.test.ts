import { Chalk } from 'chalk';
import { describe, expect, it } from 'vitest';
import { GradeResult } from '@agent-course/course';
import { toGradescopeResults } from './reporting/gradescope-results';
import { parseArguments } from './command-line/parse-arguments';
import { renderText } from './reporting/render-text';

// --stretch: optional checks reported apart, before the score, and counted nowhere else.
const check = (id: string, status: 'pass' | 'fail') => ({
  id,
  title: `${id}: title`,
  status,
  message: status === 'pass' ? '' : 'expected this, got that',
  hint: status === 'pass' ? '' : 'src/tools/grep.ts — do it',
});
const graded: GradeResult = {
  day: 'd3',
  lab: 'labs/d3',
  score: 1,
  max: 1,
  checks: [check('truncation', 'pass')],
  stretch: { passed: 0, checks: [check('grep-description', 'fail')] },
};

describe('stretch checks in the report', () => {
  it('are listed after the checks, with their own tally, before the score', () => {
    const text = renderText({
      result: graded,
      notRun: new Set(),
      verbose: false,
      colors: new Chalk({ level: 0 }),
    });
    expect(text.split('\n')).toEqual([
      'Grading d3: labs/d3',
      '',
      '✓ truncation        truncation: title',
      '',
      'Stretch (optional, not part of the score):',
      '✗ grep-description  grep-description: title',
      '    expected this, got that',
      '    hint: src/tools/grep.ts — do it',
      'Stretch: 0/1 passed',
      '',
      'Score: 1/1 passed',
      '1 passed, 0 failed',
      '',
    ]);
  });

  it('leave the JSON score and the Gradescope score alone', () => {
    expect(GradeResult.parse(graded)).toMatchObject({ score: 1, max: 1 });
    const gradescope = toGradescopeResults({ result: graded, notRun: new Set() });
    expect(gradescope).toMatchObject({ score: 1, max_score: 1 });
    expect(JSON.stringify(gradescope)).not.toContain('grep-description');
  });

  it('are asked for with --stretch, for one lab only', () => {
    expect(parseArguments({ args: ['d3', '--stretch'], days: ['d3'] })).toMatchObject({
      ok: true,
      value: { stretch: true },
    });
    const batch = parseArguments({ args: ['d3', '--lab', 'subs/*', '--stretch'], days: ['d3'] });
    expect(batch).toMatchObject({ ok: false, error: expect.stringContaining('--stretch') });
  });
});
