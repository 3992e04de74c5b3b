import { Chalk } from 'chalk';
import { describe, expect, it } from 'vitest';
import { type BatchRow, rowForGrade, rowForUngraded } from './batch-row';
import type { GradeResult } from '@agent-course/course';
import { GradescopeResults, toGradescopeResults } from './gradescope-results';
import { csvCell, renderCsv } from './render-csv';
import { renderTable } from './render-table';
import { renderText, TIMEOUT_ADVICE } from './render-text';

/** A grade whose checks all ran. */
const ALL_RAN = new Set<string>();

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
    const text = renderText({
      result: grade,
      notRun: ALL_RAN,
      verbose: false,
      colors: new Chalk({ level: 0 }),
    });
    expect(text.split('\n')).toEqual([
      'Grading d3: labs/d3',
      '',
      '✓ first         first: works',
      '✗ second-check  second: breaks',
      '    timeout: did not finish',
      '    hint: src/a.ts, TODO(1) — fix it',
      '',
      TIMEOUT_ADVICE,
      '',
      'Score: 1/2 passed',
      '1 passed, 1 failed',
      '',
    ]);
    const passed = { ...grade, checks: [grade.checks[0]!] };
    expect(
      renderText({
        result: passed,
        notRun: ALL_RAN,
        verbose: false,
        colors: new Chalk({ level: 0 }),
      }),
    ).not.toContain('--timeout');
  });

  it('says a note about how the grade ran just before the score, which stays last', () => {
    const text = renderText({
      result: grade,
      notRun: ALL_RAN,
      verbose: false,
      colors: new Chalk({ level: 0 }),
      note: 'The grader runs as root.',
    });
    expect(text.split('\n').slice(-6)).toEqual([
      '',
      'The grader runs as root.',
      '',
      'Score: 1/2 passed',
      '1 passed, 1 failed',
      '',
    ]);
  });

  it('prints the seed with a failure, saying how to replay it, and not under a full score', () => {
    const seeded = { ...grade, seed: 1234 };
    const lines = renderText({
      result: seeded,
      notRun: ALL_RAN,
      verbose: false,
      colors: new Chalk({ level: 0 }),
    });
    expect(lines).toContain(
      "The checks' generated variants came from seed 1234; add --seed 1234 to grade with the same ones again.",
    );
    const passing = { ...seeded, score: 2, checks: [grade.checks[0]!, grade.checks[0]!] };
    expect(
      renderText({
        result: passing,
        notRun: ALL_RAN,
        verbose: false,
        colors: new Chalk({ level: 0 }),
      }),
    ).not.toContain('seed');
  });

  it('says a compile error once, above the checks it stopped, and prints no seed, since none ran', () => {
    const notCompiled: GradeResult = {
      ...grade,
      seed: 1234,
      compileError: { where: 'src/a.ts:3', problems: ['src/a.ts:3: Unexpected ";"'] },
      checks: [
        grade.checks[0]!,
        {
          ...grade.checks[1]!,
          errorKind: 'crashed',
          message: 'not run: the lab does not compile (src/a.ts:3)',
          hint: '',
        },
      ],
    };
    const text = renderText({
      result: notCompiled,
      notRun: new Set(['second-check']),
      verbose: false,
      colors: new Chalk({ level: 0 }),
    });
    expect(text.split('\n')).toEqual([
      'Grading d3: labs/d3',
      '',
      'The lab does not compile, so 1 check could not run:',
      '    src/a.ts:3: Unexpected ";"',
      '    hint: fix src/a.ts:3 first (`pnpm typecheck` in the lab lists every such error), then grade again',
      '',
      '✓ first         first: works',
      '✗ second-check  second: breaks',
      '    not run: the lab does not compile (src/a.ts:3)',
      '',
      'Score: 1/2 passed',
      '1 passed, 1 failed',
      '',
    ]);
    const gradescope = toGradescopeResults({
      result: notCompiled,
      notRun: new Set(['second-check']),
    });
    expect(gradescope.output).toBe(
      'The lab does not compile, so its checks could not run:\nsrc/a.ts:3: Unexpected ";"\nFix src/a.ts:3 first, then submit again.',
    );
  });

  it('takes a check as not run because the grade says so, not because its message reads so', () => {
    const saysNotRun: GradeResult = {
      ...grade,
      seed: 1234,
      checks: [
        {
          ...grade.checks[1]!,
          errorKind: 'crashed',
          message: 'not run: the lab does not compile (src/a.ts:3)',
        },
      ],
    };
    const text = renderText({
      result: saysNotRun,
      notRun: ALL_RAN,
      verbose: false,
      colors: new Chalk({ level: 0 }),
    });
    expect(text).toContain('    crashed: not run: the lab does not compile (src/a.ts:3)');
    expect(text).toContain('seed 1234');
  });

  it('says a load error once, with the line that threw and its TODO, and prints no seed', () => {
    const notLoaded: GradeResult = {
      ...grade,
      seed: 1234,
      loadError: { where: 'src/a.ts:3', reason: 'top-level boom', exercise: 3 },
      checks: grade.checks.map((check) => ({
        ...check,
        status: 'error' as const,
        errorKind: 'crashed' as const,
        message: 'not run: the lab does not load (src/a.ts:3)',
        hint: '',
      })),
    };
    const text = renderText({
      result: notLoaded,
      notRun: new Set(['first', 'second-check']),
      verbose: false,
      colors: new Chalk({ level: 0 }),
    });
    expect(text.split('\n').slice(0, 8)).toEqual([
      'Grading d3: labs/d3',
      '',
      'The lab does not load, so no check could run:',
      '    importing it threw: top-level boom (at src/a.ts:3)',
      '    hint: src/a.ts:3, TODO(3) — this line runs as soon as the file is imported and throws; make it run without throwing (`MOCK=1 pnpm start` in the lab shows the same error), then grade again',
      '',
      '✗ first         first: works',
      '    not run: the lab does not load (src/a.ts:3)',
    ]);
    expect(text).not.toMatch(/crashed|seed/);
    expect(
      toGradescopeResults({ result: notLoaded, notRun: new Set(['first', 'second-check']) }).output,
    ).toBe(
      'The lab does not load, so its checks could not run:\nimporting it threw: top-level boom (at src/a.ts:3)\nMake src/a.ts:3 (TODO(3)) run without throwing when the file is imported, then submit again.',
    );
    expect(rowForGrade({ submission: 's', grade: notLoaded })).toMatchObject({
      result: 'crashed',
      reason: 'the lab does not load: src/a.ts:3: top-level boom',
    });
  });

  it('says a load that never finished once, blaming no TODO, in text, Gradescope and a batch row', () => {
    const reason = 'it waited for a promise that never settles, with nothing left to run';
    const unfinished: GradeResult = {
      ...grade,
      loadError: { where: 'src/index.ts', reason, unfinished: true },
      checks: grade.checks.map((check) => ({
        ...check,
        status: 'error' as const,
        errorKind: 'crashed' as const,
        message: 'not run: the lab never finishes loading (src/index.ts)',
        hint: '',
      })),
    };
    const text = renderText({
      result: unfinished,
      notRun: new Set(['first', 'second-check']),
      verbose: false,
      colors: new Chalk({ level: 0 }),
    });
    expect(text.split('\n').slice(2, 5)).toEqual([
      'The lab never finishes loading, so no check could run:',
      `    importing src/index.ts: ${reason}`,
      '    hint: look at the code that runs as soon as a file is imported (outside any function) in the files src/index.ts imports: an await on something that never comes, a timer it waits for, or a loop that never ends (`MOCK=1 pnpm start` in the lab does the same); more time with --timeout will not help',
    ]);
    expect(text).not.toMatch(/crashed|TODO\(|threw/);
    expect(
      toGradescopeResults({ result: unfinished, notRun: new Set(['first', 'second-check']) })
        .output,
    ).toContain(
      `The lab never finishes loading, so its checks could not run:\nimporting src/index.ts: ${reason}`,
    );
    expect(rowForGrade({ submission: 's', grade: unfinished })).toMatchObject({
      result: 'crashed',
      reason: `the lab never finishes loading: src/index.ts: ${reason}`,
    });
  });

  it('shows what the lab printed under a failed check; under a passed one, how much, unless --verbose', () => {
    const printing: GradeResult = {
      ...grade,
      checks: [
        { ...grade.checks[0]!, printed: { lines: ['DEBUG 3 calls', 'DEBUG done'], moreLines: 0 } },
        {
          ...grade.checks[1]!,
          printed: { lines: ['a', 'b'], moreLines: 4096, lastLines: ['y', 'z'] },
        },
      ],
    };
    const render = (verbose: boolean) =>
      renderText({
        result: printing,
        notRun: ALL_RAN,
        verbose,
        colors: new Chalk({ level: 0 }),
      }).split('\n');
    expect(render(false).slice(2, 13)).toEqual([
      '✓ first         first: works',
      '    the lab printed 2 lines while this check ran (--verbose shows them)',
      '✗ second-check  second: breaks',
      '    timeout: did not finish',
      '    hint: src/a.ts, TODO(1) — fix it',
      '    the lab printed 4,100 lines while this check ran; the first 2 and the last 2:',
      '      a',
      '      b',
      '      … 4,096 more …',
      '      y',
      '      z',
    ]);
    expect(render(true).slice(2, 6)).toEqual([
      '✓ first         first: works',
      '    the lab printed while this check ran:',
      '      DEBUG 3 calls',
      '      DEBUG done',
    ]);
  });

  it('says what the lab had printed when its check was stopped: the first lines and at least how many', () => {
    const stopped: GradeResult = {
      ...grade,
      checks: [
        grade.checks[0]!,
        { ...grade.checks[1]!, printed: { lines: ['a'], moreLines: 2048, stopped: true } },
      ],
    };
    const text = renderText({
      result: stopped,
      notRun: ALL_RAN,
      verbose: false,
      colors: new Chalk({ level: 0 }),
    });
    expect(text).toContain(
      '    the lab had printed at least 2,049 lines when this check was stopped; the first 1:\n      a\n',
    );
  });

  it('adds the transcript with --verbose', () => {
    const text = renderText({
      result: grade,
      notRun: ALL_RAN,
      verbose: true,
      colors: new Chalk({ level: 0 }),
    });
    expect(text).toContain('    │ glob → 3 files');
  });
});

describe('toGradescopeResults', () => {
  it('gives one test per check in the results.json shape', () => {
    const results = GradescopeResults.parse(
      toGradescopeResults({ result: grade, notRun: ALL_RAN }),
    );
    expect(results.score).toBe(1);
    expect(results.tests.map((test) => test.status)).toEqual(['passed', 'failed']);
  });

  it('records the seed in the top-level output', () => {
    const results = GradescopeResults.parse(
      toGradescopeResults({ result: { ...grade, seed: 99 }, notRun: ALL_RAN }),
    );
    expect(results.output).toContain('--seed 99');
    expect(toGradescopeResults({ result: grade, notRun: ALL_RAN })).not.toHaveProperty('output');
  });
});

describe('batch rows', () => {
  const rows: BatchRow[] = [
    { submission: 'submissions/a', result: 'timeout', reason: 'second-check: stuck', grade },
    { submission: 'submissions/b, "odd"', result: 'not a lab', reason: 'no src/index.ts' },
  ];

  it('renders an aligned table with the reason and counts each result apart', () => {
    expect(renderTable(rows).split('\n')).toEqual([
      'submission            score  result     failed checks  reason',
      'submissions/a         1/2    timeout    second-check   second-check: stuck',
      'submissions/b, "odd"  -      not a lab  -              no src/index.ts',
      '',
      '2 submissions: 0 graded, 1 timed out, 0 crashed, 1 not a lab',
      '',
    ]);
  });

  it('renders a CSV with numeric score and max, the reason, and one column per check', () => {
    expect(renderCsv({ rows, checkIds: ['first', 'second-check'] })).toBe(
      'submission,score,max,result,reason,first,second-check\n' +
        'submissions/a,1,2,timeout,second-check: stuck,pass,timeout\n' +
        '"submissions/b, ""odd""",,,not a lab,no src/index.ts,,\n',
    );
  });

  it.each([
    ['=HYPERLINK("http://x")', `"'=HYPERLINK(""http://x"")"`],
    ['+1', "'+1"],
    ['-1+2', "'-1+2"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tcmd', "'\tcmd"],
    ['\rcmd', `"'\rcmd"`],
    ['a=b', 'a=b'],
  ])('keeps the cell %j inert in a spreadsheet: %j', (cell, written) => {
    expect(csvCell(cell)).toBe(written);
  });

  it('gives a crashed row the first crashed check and what happened, on one line', () => {
    const crashed = rowForGrade({
      submission: 's',
      grade: {
        ...grade,
        checks: [
          grade.checks[0]!,
          {
            ...grade.checks[1]!,
            errorKind: 'crashed',
            message: 'expected: the lab to load\ngot: it threw\n  at line 3',
          },
        ],
      },
    });
    expect(crashed).toMatchObject({ result: 'crashed', reason: 'second-check: it threw' });
  });

  it('gives a lab that does not compile its first problem, with the line to fix, as its reason', () => {
    const broken = rowForGrade({
      submission: 's',
      grade: {
        ...grade,
        compileError: {
          where: 'src/tool-registry.ts:22',
          problems: [
            'src/tool-registry.ts:22: Unexpected ";"',
            'src/run-agent.ts:3: Unexpected "}"',
          ],
        },
        checks: grade.checks.map((check) => ({
          ...check,
          status: 'error' as const,
          errorKind: 'crashed' as const,
          message: 'not run: the lab does not compile (src/tool-registry.ts:22)',
          hint: '',
        })),
      },
    });
    expect(broken).toMatchObject({
      result: 'crashed',
      reason: 'the lab does not compile: src/tool-registry.ts:22: Unexpected ";"',
    });
  });

  it('keeps a long reason whole in the CSV and shortens it in the table', () => {
    const reason = `make /tmp/private readable by others (chmod o+rx) ${'or else '.repeat(40)}the end`;
    const row = rowForUngraded({ submission: 's', error: reason, notLab: false });
    expect(row.result).toBe('not graded');
    expect(renderCsv({ rows: [row], checkIds: [] })).toContain('the end');
    const table = renderTable([row]);
    expect(table).not.toContain('the end');
    expect(table).toContain('make /tmp/private readable by others (chmod o+rx)');
    expect(table).toContain(
      '1 submission: 0 graded, 0 timed out, 0 crashed, 0 not labs, 1 not graded',
    );
  });
});
