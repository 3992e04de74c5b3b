// The pages hold against real runs: every shell command the root READMEs and each released day's
// lesson pages show runs with the exit code its page-test comment states, and the set-up's grade
// ends with the line the README quotes. The figures the pages quote are `pnpm course check`'s
// business (page-figures.ts). The commands are real child processes, each distinct one run once,
// so this file takes minutes: it runs in the release job (`pnpm test:release`).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { findDays } from '@agent-course/course';
import { describe, expect, it } from 'vitest';
import { checkPageCommands } from './check-page-commands';
import { LESSON_PAGES } from './exercise-table';
import { REPO_ROOT } from './repo-root';
import { createPageCommandRunner } from './run-page-command';

/** A backstop against hung commands, not a speed check. */
const ALL_COMMANDS_TIME_LIMIT_MS = 60 * 60_000;

const runOnce = createPageCommandRunner();
const readPage = (file: string) => readFile(path.join(REPO_ROOT, file), 'utf8');

const released = (await findDays({ root: REPO_ROOT, parent: 'solutions' })).flatMap((day) =>
  day.manifest.ok && !day.manifest.value.draft ? [day.manifest.value.id] : [],
);
const PAGES = [
  ...LESSON_PAGES.map((page) => page.file),
  ...released.flatMap((day) => LESSON_PAGES.map((page) => `labs/${day}/${page.file}`)),
];

describe('the pages, run', () => {
  it('covers the root README and the lesson pages of day 3 and day 4 at least', () => {
    expect(PAGES).toEqual(
      expect.arrayContaining(['README.md', 'labs/d3/README.md', 'labs/d4/README.zh-CN.md']),
    );
  });

  for (const file of PAGES) {
    it(
      `${file}: every offline command exits as the page says; the others say why not`,
      async () => {
        const report = await checkPageCommands({
          text: await readPage(file),
          name: file,
          run: runOnce,
        });
        expect(report.problems).toEqual([]);
        expect(report.ran.length).toBeGreaterThanOrEqual(3);
        for (const skipped of report.skipped) expect(skipped.reason.length).toBeGreaterThan(10);
      },
      ALL_COMMANDS_TIME_LIMIT_MS,
    );
  }

  it('runs, from the root README, what a student runs while working', async () => {
    const report = await checkPageCommands({
      text: await readPage('README.md'),
      name: 'README.md',
      run: runOnce,
    });
    expect(report.ran.map((entry) => entry.command)).toEqual(
      expect.arrayContaining([
        'MOCK=1 pnpm start d3',
        'MOCK=1 INJECT=bad_args pnpm start d3',
        'MOCK=1 pnpm start d4',
        'pnpm start d3 --help',
        'MOCK=1 pnpm probe',
      ]),
    );
  });

  it(
    "the set-up's grade of the solution ends with the line the README quotes",
    async () => {
      const graded = await runOnce({ cwd: '.', command: 'pnpm grade d3 --solution' });
      expect(graded.exitCode, graded.output).toBe(0);
      const quoted = /should end with `([^`]+)`/.exec(await readPage('README.md'))?.[1];
      expect(quoted).toBeDefined();
      expect(graded.output.trim().split('\n').at(-1)).toContain(quoted);
    },
    ALL_COMMANDS_TIME_LIMIT_MS,
  );

  it(
    'a stated exit code that is wrong is reported (reusing the runs above)',
    async () => {
      const text = await readPage('labs/d3/README.md');
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
