import { describe, expect, it } from 'vitest';
import { comparePageStructure, withoutEnglishOnlySections } from './compare-page-structure';

const ENGLISH = [
  '# Kit',
  '## Set-up',
  '```sh',
  'pnpm install',
  '```',
  '## Instructors',
  '',
  '<!-- english only: for instructors -->',
  '```sh',
  '# not a heading: a comment in a code block',
  'pnpm course check',
  '```',
  '### Layout',
  'a table',
  '## Running',
  'text',
].join('\n');

describe('withoutEnglishOnlySections', () => {
  it('drops a marked section with its subsections and code, up to the next heading at its level', () => {
    expect(withoutEnglishOnlySections(ENGLISH).split('\n')).toEqual([
      '# Kit',
      '## Set-up',
      '```sh',
      'pnpm install',
      '```',
      '## Running',
      'text',
    ]);
  });

  it('keeps a section whose marker gives no reason, or is not right under its heading', () => {
    const noReason = ENGLISH.replace('english only: for instructors', 'english only:');
    expect(withoutEnglishOnlySections(noReason)).toBe(noReason);
    const later = ENGLISH.replace('\n<!-- english only', 'some words\n<!-- english only');
    expect(withoutEnglishOnlySections(later)).toBe(later);
  });
});

describe('comparePageStructure', () => {
  const chinese = ['# 套件', '## 安装', '```sh', 'pnpm install', '```', '## 运行', '文字'].join(
    '\n',
  );
  const names: [string, string] = ['en', 'zh'];

  it('holds a translation to the sections the original does not mark english only', () => {
    expect(comparePageStructure({ original: ENGLISH, translated: chinese, names })).toEqual([]);
  });

  it('reports a section or a command the translation lacks or changes', () => {
    expect(
      comparePageStructure({
        original: ENGLISH,
        translated: chinese.replace('## 运行', '运行'),
        names,
      }),
    ).toEqual([expect.stringContaining('zh has 2 headings where en has 3')]);
    expect(
      comparePageStructure({
        original: ENGLISH,
        translated: chinese.replace('pnpm install', 'pnpm i'),
        names,
      }),
    ).toEqual([expect.stringContaining('code block 1 (en line 3, zh line 3) differs')]);
  });
});
