// The root README holds against real runs, as the lesson pages do: every shell command it shows
// runs with the exit code its page-test comment states, and the score it quotes is the grader's.
// The commands are real child processes, so this file runs in the release job (`pnpm test:release`).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkPageCommands } from './check-page-commands';
import { measureCourseFacts } from './measure-course-facts';
import { checkPageClaims, README_CLAIMS, type CourseFacts, type PageLanguage } from './page-claims';
import { REPO_ROOT } from './repo-root';
import { createPageCommandRunner } from './run-page-command';

/** The day the README teaches with. */
const DAY = 'd3';
const PAGES: Array<{ language: PageLanguage; file: string }> = [
  { language: 'en', file: 'README.md' },
  { language: 'zh-CN', file: 'README.zh-CN.md' },
];
/** A backstop against hung commands, not a speed check. */
const ALL_COMMANDS_TIME_LIMIT_MS = 60 * 60_000;

const runOnce = createPageCommandRunner();
const readPage = (file: string) => readFile(path.join(REPO_ROOT, file), 'utf8');

describe('the root README', () => {
  let facts: CourseFacts;
  beforeAll(async () => {
    facts = await measureCourseFacts({ day: DAY, run: runOnce });
  }, ALL_COMMANDS_TIME_LIMIT_MS);

  for (const { language, file } of PAGES) {
    it(
      `${file}: every offline command exits as the page says; the others say why not`,
      async () => {
        const report = await checkPageCommands({
          text: await readPage(file),
          name: file,
          run: runOnce,
        });
        expect(report.problems).toEqual([]);
        // What a student runs while working, at least, runs here.
        const ran = report.ran.map((entry) => entry.command);
        expect(ran).toEqual(
          expect.arrayContaining([
            'MOCK=1 pnpm start d3',
            'MOCK=1 INJECT=bad_args pnpm start d3',
            'MOCK=1 pnpm start d4',
            'pnpm start d3 --help',
            'MOCK=1 pnpm probe',
          ]),
        );
        for (const skipped of report.skipped) expect(skipped.reason.length).toBeGreaterThan(10);
      },
      ALL_COMMANDS_TIME_LIMIT_MS,
    );

    it(`${file}: the scores it quotes are the grader's`, async () => {
      const claims = README_CLAIMS[language];
      expect(checkPageClaims({ text: await readPage(file), claims, facts })).toEqual([]);
    });
  }

  it(
    "the set-up's grade of the solution ends with the line the README quotes",
    async () => {
      const graded = await runOnce({ cwd: '.', command: `pnpm grade ${DAY} --solution` });
      expect(graded.exitCode, graded.output).toBe(0);
      const quoted = /should end with `([^`]+)`/.exec(await readPage('README.md'))?.[1];
      expect(quoted).toBeDefined();
      expect(graded.output.trim().split('\n').at(-1)).toContain(quoted);
    },
    ALL_COMMANDS_TIME_LIMIT_MS,
  );

  describe('fails when a README lies', () => {
    for (const { language, file } of PAGES) {
      it(`${file}: each quoted score, changed, is reported`, async () => {
        const text = await readPage(file);
        const claims = README_CLAIMS[language];
        // The days table's scores are held by `pnpm course check` (days-table.test.ts).
        for (const [figure, lie] of [['7 passed, 0 failed', '6 passed, 1 failed']] as const) {
          const mutant = text.replaceAll(figure, lie);
          expect(mutant, figure).not.toBe(text);
          expect(checkPageClaims({ text: mutant, claims, facts }), figure).not.toEqual([]);
        }
      });
    }

    it(
      'a stated exit code that is wrong is reported (reusing the runs above)',
      async () => {
        const text = await readPage('README.md');
        const mutant = text.replace(
          '<!-- page-test: cwd=. exit=0 0 0 1 0 0 -->',
          '<!-- page-test: cwd=. exit=0 0 0 1 1 0 -->',
        );
        expect(mutant).not.toBe(text);
        const report = await checkPageCommands({ text: mutant, name: 'mutant', run: runOnce });
        expect(report.problems).toEqual([
          expect.stringContaining('`pnpm start --help` (in .) exited 0, the page says 1'),
        ]);
      },
      ALL_COMMANDS_TIME_LIMIT_MS,
    );
  });
});
