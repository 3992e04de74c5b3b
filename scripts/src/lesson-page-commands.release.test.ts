// Day 3's lesson pages hold against real runs: every shell command they show runs with the exit
// code they state, and the figures they quote are the ones a real run, the grader and the
// solution's truncation produce. The commands are real child processes, each distinct one run
// once, so this file takes minutes: it runs in the release job (`pnpm test:release`).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkPageCommands } from './check-page-commands';
import { measureCourseFacts } from './measure-course-facts';
import {
  checkPageClaims,
  LESSON_PAGE_CLAIMS,
  type CourseFacts,
  type PageLanguage,
} from './page-claims';
import { REPO_ROOT } from './repo-root';
import { createPageCommandRunner } from './run-page-command';

const DAY = 'd3';
const PAGES: Array<{ language: PageLanguage; file: string }> = [
  { language: 'en', file: 'README.md' },
  { language: 'zh-CN', file: 'README.zh-CN.md' },
];
/** A backstop against hung commands, not a speed check. */
const ALL_COMMANDS_TIME_LIMIT_MS = 60 * 60_000;

const runOnce = createPageCommandRunner();

async function readPage(file: string): Promise<string> {
  return readFile(path.join(REPO_ROOT, 'labs', DAY, file), 'utf8');
}

describe(`the ${DAY} lesson pages, run`, () => {
  let facts: CourseFacts;
  beforeAll(async () => {
    facts = await measureCourseFacts({ day: DAY, run: runOnce });
  }, ALL_COMMANDS_TIME_LIMIT_MS);

  it('measured the course invariants (the figures below are compared with the pages)', () => {
    expect(facts).toMatchObject({
      fedBack: [50, 361, 248],
      truncatedChars: 8054,
      cutChars: 12_000,
      starterScore: '2/7',
      solutionScore: '7/7',
    });
  });

  for (const { language, file } of PAGES) {
    it(
      `labs/${DAY}/${file}: every offline command exits as the page says`,
      async () => {
        const report = await checkPageCommands({
          text: await readPage(file),
          name: `labs/${DAY}/${file}`,
          run: runOnce,
        });
        expect(report.problems).toEqual([]);
        expect(report.ran.length).toBeGreaterThanOrEqual(10);
        // The commands not run are few, and each says why.
        expect(report.skipped.length).toBeLessThanOrEqual(10);
        for (const skipped of report.skipped) expect(skipped.reason.length).toBeGreaterThan(10);
      },
      ALL_COMMANDS_TIME_LIMIT_MS,
    );

    it(`labs/${DAY}/${file}: the figures it quotes are the measured ones`, async () => {
      expect(
        checkPageClaims({
          text: await readPage(file),
          claims: LESSON_PAGE_CLAIMS[language],
          facts,
        }),
      ).toEqual([]);
    });
  }

  describe('fails when a page lies', () => {
    const quoted = (): Array<[string, string]> => [
      ['50', '51'],
      ['361', '362'],
      ['248', '249'],
      ['8,054', '8,055'],
      ['12,000', '12,001'],
      ['2/7', '3/7'],
      ['7/7', '6/7'],
    ];

    for (const { language, file } of PAGES) {
      it(`${file}: each quoted figure, changed, is reported`, async () => {
        const text = await readPage(file);
        for (const [figure, lie] of quoted()) {
          const pattern = new RegExp(
            `(?<![\\d,/])${figure.replace('/', '\\/')}(?![\\d/]|,\\d)`,
            'g',
          );
          const mutant = text.replace(pattern, lie);
          expect(mutant, figure).not.toBe(text);
          expect(
            checkPageClaims({ text: mutant, claims: LESSON_PAGE_CLAIMS[language], facts }),
            figure,
          ).not.toEqual([]);
        }
      });
    }

    it(
      'a stated exit code that is wrong is reported (reusing the runs above)',
      async () => {
        const text = await readPage('README.md');
        const mutant = text.replace('exit=1 1 - 1 1', 'exit=0 1 - 1 1');
        expect(mutant).not.toBe(text);
        const report = await checkPageCommands({ text: mutant, name: 'mutant', run: runOnce });
        expect(report.problems).toEqual([
          expect.stringContaining('`pnpm grade d3` (in .) exited 1, the page says 0'),
        ]);
      },
      ALL_COMMANDS_TIME_LIMIT_MS,
    );
  });
});
