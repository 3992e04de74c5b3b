// The root README holds against the code as the lesson pages do (lesson-pages.test.ts): every
// shell command it shows runs with the exit code its page-test comment states, the scores it
// quotes are the grader's, and the Chinese README has the English one's sections (except those
// marked english only) with the same code, and its glossary names only terms and places the code
// has. The commands are real child processes.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import fastGlob from 'fast-glob';
import { checkPageCommands } from './check-page-commands';
import { comparePageStructure } from './compare-page-structure';
import { readGlossaryTable } from './glossary-table';
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

  it('README.zh-CN.md has the sections and code of README.md that are not english only', async () => {
    expect(
      comparePageStructure({
        original: await readPage('README.md'),
        translated: await readPage('README.zh-CN.md'),
        names: ['README.md', 'README.zh-CN.md'],
      }),
    ).toEqual([]);
  });

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

    it('a Chinese README missing a section, or an English one no longer marked english only, is reported', async () => {
      const original = await readPage('README.md');
      const translated = await readPage('README.zh-CN.md');
      const names: [string, string] = ['README.md', 'README.zh-CN.md'];
      const withoutSection = translated.replace(/^## 连接真实模型$/m, '连接真实模型');
      expect(withoutSection).not.toBe(translated);
      expect(comparePageStructure({ original, translated: withoutSection, names })).not.toEqual([]);
      const allTranslated = original.replace(
        '## Benchmarks\n\n<!-- english only:',
        '## Benchmarks\n\n<!-- translated:',
      );
      expect(allTranslated).not.toBe(original);
      expect(comparePageStructure({ original: allTranslated, translated, names })).not.toEqual([]);
    });
  });
});

describe('the root README glossary of English terms', () => {
  const headings = { en: '## English in the code', 'zh-CN': '## 代码里的英文' } as const;
  /** What a student reads as code: the day's lab, the grader and the platform packages. */
  const readCode = async () => {
    const files = await fastGlob(
      ['labs/d3/src/**/*.ts', 'labs/d3/day.ts', 'grader/src/**/*.ts', 'packages/*/src/**/*.ts'],
      { cwd: REPO_ROOT },
    );
    const texts = await Promise.all(
      files.map((file) => readFile(path.join(REPO_ROOT, file), 'utf8')),
    );
    return { files, text: texts.join('\n') };
  };

  /** Each term or place of the English glossary in `text` that the code does not have. */
  const unknownEntries = async (text: string) => {
    const rows = readGlossaryTable({ text, heading: headings.en });
    const code = await readCode();
    const lowerCode = code.text.toLowerCase();
    const missing: string[] = [];
    for (const row of rows) {
      for (const term of row.terms) {
        const identifier = /^`(.+)`$/.exec(term)?.[1];
        const found = identifier
          ? code.text.includes(identifier)
          : lowerCode.includes(term.toLowerCase());
        if (!found) missing.push(`term ${term}`);
      }
      for (const place of row.places) {
        const found = place.startsWith('src/')
          ? (await fastGlob(place, { cwd: path.join(REPO_ROOT, 'labs', DAY) })).length > 0
          : code.text.includes(place);
        if (!found) missing.push(`place ${place}`);
      }
    }
    return { rows, missing };
  };

  it('names only terms and places the code has', async () => {
    const { rows, missing } = await unknownEntries(await readPage('README.md'));
    expect(rows.length).toBeGreaterThanOrEqual(10);
    expect(missing).toEqual([]);
  });

  it('reports a term or a place the code does not have', async () => {
    const text = await readPage('README.md');
    const mutant = text.replace(
      '| read-only ',
      '| hot reload; `watchTools` | 热重载 | `src/tools/watch.ts` |\n| read-only ',
    );
    expect(mutant).not.toBe(text);
    expect((await unknownEntries(mutant)).missing).toEqual([
      'term hot reload',
      'term `watchTools`',
      'place src/tools/watch.ts',
    ]);
  });

  it('is the same table, term for term, in README.zh-CN.md', async () => {
    const read = async (language: PageLanguage, file: string) =>
      readGlossaryTable({ text: await readPage(file), heading: headings[language] });
    const [english, chinese] = [
      await read('en', 'README.md'),
      await read('zh-CN', 'README.zh-CN.md'),
    ];
    expect(chinese.map((row) => [row.terms, row.chinese, row.places])).toEqual(
      english.map((row) => [row.terms, row.chinese, row.places]),
    );
  });

  it('reads the terms, the Chinese words and the places of each row', () => {
    const rows = readGlossaryTable({
      text: '## G\n\n| code | 中文 | where |\n| - | - | - |\n| tool call (a call); `ToolCall` | 工具调用 | TODO(1), `src/x.ts` |\n\n## Next\n',
      heading: '## G',
    });
    expect(rows).toEqual([
      { terms: ['tool call', '`ToolCall`'], chinese: '工具调用', places: ['src/x.ts'] },
    ]);
  });
});
