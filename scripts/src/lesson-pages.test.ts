// Day 3's lesson pages agree with each other: the solution's page is the lab's under a banner, and
// the English and Chinese pages have the same sections and the same code. Their commands are held
// to real runs in page-commands.release.test.ts, their figures by `pnpm course check`.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkPageCommands, type RunPageCommand } from './check-page-commands';
import { comparePageStructure } from './compare-page-structure';
import { parseDirective } from './parse-lesson-page';
import { REPO_ROOT } from './repo-root';

const DAY = 'd3';
const PAGE_FILES = ['README.md', 'README.zh-CN.md'];

async function readPage(folder: string, file: string): Promise<string> {
  return readFile(path.join(REPO_ROOT, folder, DAY, file), 'utf8');
}

describe(`the ${DAY} lesson pages`, () => {
  for (const file of PAGE_FILES) {
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
