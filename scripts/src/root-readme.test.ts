// The root README agrees with itself and with the code: the Chinese README has the English one's
// sections (except those marked english only) with the same code, and its glossary names only
// terms and places the code has. Its commands are held to real runs in page-commands.release.test.ts.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import fastGlob from 'fast-glob';
import { comparePageStructure } from './compare-page-structure';
import { readGlossaryTable } from './glossary-table';
import type { LessonPage } from './exercise-table';
import { REPO_ROOT } from './repo-root';

/** The day the README teaches with. */
const DAY = 'd3';

const readPage = (file: string) => readFile(path.join(REPO_ROOT, file), 'utf8');

describe('the root README', () => {
  it('README.zh-CN.md has the sections and code of README.md that are not english only', async () => {
    expect(
      comparePageStructure({
        original: await readPage('README.md'),
        translated: await readPage('README.zh-CN.md'),
        names: ['README.md', 'README.zh-CN.md'],
      }),
    ).toEqual([]);
  });

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
    const read = async (language: LessonPage['language'], file: string) =>
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
