// Day 3's lesson pages hold against the code: every shell command they show runs with the exit
// code they state, the figures they quote are the ones a real run, the grader and the solution's
// truncation produce, and the English and Chinese pages are the same page. The commands are real
// child processes, each distinct one run once, so this file takes minutes on a busy machine.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { execa } from 'execa';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkPageCommands, type CommandOutcome, type RunPageCommand } from './check-page-commands';
import { comparePageStructure } from './compare-page-structure';
import { checkPageClaims, type CourseFacts, type PageLanguage } from './page-claims';
import { parseDirective } from './parse-lesson-page';
import { REPO_ROOT } from './repo-root';
import { runGrader } from './run-grader';

const DAY = 'd3';
const PAGES: Array<{ language: PageLanguage; file: string }> = [
  { language: 'en', file: 'README.md' },
  { language: 'zh-CN', file: 'README.zh-CN.md' },
];
/** A backstop against a hung command, not a speed check. */
const COMMAND_TIME_LIMIT_MS = 15 * 60_000;
const ALL_COMMANDS_TIME_LIMIT_MS = 60 * 60_000;

/** The environment of a student's shell: no test runner's variables, no colours. */
function studentEnvironment(): NodeJS.ProcessEnv {
  const environment: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (key.startsWith('VITEST') || key === 'NODE_ENV' || key.startsWith('TURBO_')) continue;
    environment[key] = value;
  }
  return { ...environment, FORCE_COLOR: '0', NO_COLOR: '1' };
}

/** Runs each distinct command once; the Chinese page's identical commands reuse the outcome. */
const outcomes = new Map<string, Promise<CommandOutcome>>();
const runOnce: RunPageCommand = ({ cwd, command }) => {
  const key = `${cwd}\0${command}`;
  let outcome = outcomes.get(key);
  if (!outcome) {
    const folder = path.resolve(REPO_ROOT, cwd);
    if (folder !== REPO_ROOT && !folder.startsWith(REPO_ROOT + path.sep)) {
      throw new Error(`page-test cwd=${cwd} is outside the repository`);
    }
    outcome = execa(command, {
      shell: true,
      cwd: folder,
      reject: false,
      all: true,
      extendEnv: false,
      env: studentEnvironment(),
      timeout: COMMAND_TIME_LIMIT_MS,
      stdin: 'ignore',
    }).then((result) => ({ exitCode: result.exitCode ?? -1, output: result.all ?? '' }));
    outcomes.set(key, outcome);
  }
  return outcome;
};

async function readPage(folder: string, file: string): Promise<string> {
  return readFile(path.join(REPO_ROOT, folder, DAY, file), 'utf8');
}

/** The figures, measured: the solution's offline run, the grader on both copies, the truncation. */
async function measureFacts(): Promise<CourseFacts> {
  const run = await runOnce({ cwd: '.', command: `MOCK=1 pnpm --filter ./solutions/${DAY} start` });
  expect(run.exitCode, run.output).toBe(0);
  const fedBack = [...run.output.matchAll(/fed back (\d+) chars/g)].map((match) =>
    Number(match[1]),
  );
  const shares = [...run.output.matchAll(/([\d,]+) of them tool results/g)].map((match) =>
    Number(match[1]!.replaceAll(',', '')),
  );
  const toolShare = shares.filter((share, index) => share !== shares[index - 1]);

  const score = async (labDir: string) => {
    const graded = await runGrader({ root: REPO_ROOT, day: DAY, labDir });
    if (!graded.ok) throw new Error(graded.error);
    return `${graded.value.score}/${graded.value.max}`;
  };

  const truncation = (await import(
    pathToFileURL(path.join(REPO_ROOT, `solutions/${DAY}/src/truncate-result.ts`)).href
  )) as {
    MAX_RESULT_CHARS: number;
    truncateResult(result: { ok: boolean; content: string }): { content: string };
  };
  // A character the note never uses, so what is left of the input and what the note added can be told apart.
  const filler = '\u2588';
  const truncationInput = 20_000;
  const { content } = truncation.truncateResult({
    ok: true,
    content: filler.repeat(truncationInput),
  });
  const kept = [...content].filter((character) => character === filler).length;

  return {
    fedBack,
    toolShare,
    truncationInput,
    truncatedChars: content.length,
    cutChars: truncationInput - kept,
    noteChars: content.length - kept,
    maxResultChars: truncation.MAX_RESULT_CHARS,
    starterScore: await score(`labs/${DAY}`),
    solutionScore: await score(`solutions/${DAY}`),
  };
}

describe(`the ${DAY} lesson pages`, () => {
  let facts: CourseFacts;
  beforeAll(async () => {
    facts = await measureFacts();
  }, ALL_COMMANDS_TIME_LIMIT_MS);

  it('measured the course invariants (the figures below are compared with the pages)', () => {
    // The invariants the course keeps; the pages' figures are then checked against the measurement.
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
          text: await readPage('labs', file),
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
      expect(checkPageClaims({ text: await readPage('labs', file), language, facts })).toEqual([]);
    });

    it(`solutions/${DAY}/${file} is the lab's page under a banner`, async () => {
      const lab = await readPage('labs', file);
      const solution = await readPage('solutions', file);
      expect(solution.endsWith(lab.slice(lab.indexOf('\n')))).toBe(true);
    });
  }

  it('the English and Chinese pages have the same sections and the same code', async () => {
    expect(
      comparePageStructure({
        original: await readPage('labs', 'README.md'),
        translated: await readPage('labs', 'README.zh-CN.md'),
        names: ['README.md', 'README.zh-CN.md'],
      }),
    ).toEqual([]);
  });

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
        const text = await readPage('labs', file);
        for (const [figure, lie] of quoted()) {
          const pattern = new RegExp(
            `(?<![\\d,/])${figure.replace('/', '\\/')}(?![\\d/]|,\\d)`,
            'g',
          );
          const mutant = text.replace(pattern, lie);
          expect(mutant, figure).not.toBe(text);
          expect(checkPageClaims({ text: mutant, language, facts }), figure).not.toEqual([]);
        }
      });
    }

    it(
      'a stated exit code that is wrong is reported (reusing the runs above)',
      async () => {
        const text = await readPage('labs', 'README.md');
        const mutant = text.replace('exit=1 1 - 1 1', 'exit=0 1 - 1 1');
        expect(mutant).not.toBe(text);
        const report = await checkPageCommands({ text: mutant, name: 'mutant', run: runOnce });
        expect(report.problems).toEqual([
          expect.stringContaining('`pnpm grade d3` (in .) exited 1, the page says 0'),
        ]);
      },
      ALL_COMMANDS_TIME_LIMIT_MS,
    );

    it('a shell block without a page-test comment, or with too few exit codes, is reported', async () => {
      const never: RunPageCommand = () => Promise.reject(new Error('must not run'));
      const unmarked = await checkPageCommands({
        text: '# Page\n\n```bash\npnpm start\n```\n',
        name: 'page',
        run: never,
      });
      expect(unmarked.problems).toEqual([expect.stringContaining('without a page-test comment')]);
      const short = await checkPageCommands({
        text: '<!-- page-test: cwd=. exit=0 -->\n\n```sh\npnpm a\npnpm b   # two\n```\n',
        name: 'page',
        run: never,
      });
      expect(short.problems).toEqual([expect.stringContaining('1 exit codes for 2 commands')]);
      expect(parseDirective('cwd=. exit=zero')).toEqual(expect.stringContaining('cannot read'));
    });

    it('a Chinese page with a section or a command missing or changed is reported', async () => {
      const original = await readPage('labs', 'README.md');
      const translated = await readPage('labs', 'README.zh-CN.md');
      const names: [string, string] = ['en', 'zh'];
      const withoutSection = translated.replace(/^## 自测$/m, '自测');
      expect(comparePageStructure({ original, translated: withoutSection, names })).not.toEqual([]);
      const changedCommand = translated.replace('pnpm grade d3 --verbose', 'pnpm grade d3 --quiet');
      expect(changedCommand).not.toBe(translated);
      expect(comparePageStructure({ original, translated: changedCommand, names })).not.toEqual([]);
      const changedHeadingCode = translated.replace(
        '### TODO(2) — 永不抛异常（`src/tool-registry.ts`）',
        '### TODO(2) — 永不抛异常（`src/registry.ts`）',
      );
      expect(changedHeadingCode).not.toBe(translated);
      expect(comparePageStructure({ original, translated: changedHeadingCode, names })).not.toEqual(
        [],
      );
    });
  });
});
