import { describe, expect, it } from 'vitest';
import type { GradeResult } from '@agent-course/course';
import { MAX_RELEASE_BODY_REPORT_CHARS, toClassroom50Report } from './classroom50-report';

const result: GradeResult = {
  day: 'd3',
  lab: 'labs/d3',
  score: 0,
  max: 1,
  seed: 7,
  checks: [
    {
      id: 'truncation',
      title: 'truncation | cut',
      status: 'fail',
      message: 'expected: 8054\ngot: 8000',
      hint: 'src/truncate-result.ts, TODO(3)',
      printed: { lines: ['```', '</details><img src=x>'], moreLines: 0 },
    },
  ],
};

describe('toClassroom50Report', () => {
  it('quotes the report in a fence nothing the lab printed can close, and escapes the table', () => {
    const report = toClassroom50Report({ result, notRun: new Set(), text: 'report\n```\n' });
    expect(report.releaseBody).toContain('| truncation: truncation \\| cut | FAIL |');
    expect(report.releaseBody).toContain('````text\nreport\n```\n````\n');
    expect(report.tests[0]!.message).toBe(
      [
        'expected: 8054',
        'got: 8000',
        'hint: src/truncate-result.ts, TODO(3)',
        'the lab printed while this check ran:',
        '```',
        '</details><img src=x>',
        '',
        "The checks' generated variants came from seed 7; `pnpm grade d3 --seed 7` in your repository grades with the same ones again.",
      ].join('\n'),
    );
  });

  it('cuts a report too long for a Release body, pointing at the log, which keeps it whole', () => {
    const text = 'x'.repeat(MAX_RELEASE_BODY_REPORT_CHARS + 10);
    const report = toClassroom50Report({ result, notRun: new Set(), text });
    expect(report.log).toBe(text);
    expect(report.releaseBody.length).toBeLessThan(125_000);
    expect(report.releaseBody).toContain("the autograder's log in the Actions run");
  });
});
