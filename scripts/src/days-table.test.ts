import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTempRoot } from './create-temp-root';
import { DAYS_TABLE_BEGIN, DAYS_TABLE_END, syncDaysTables } from './days-table';
import { testDayManifest } from './test-day-manifest';

const markers = `${DAYS_TABLE_BEGIN}\n${DAYS_TABLE_END}\n`;

function kit(readme = `# Kit\n\n${markers}`): Promise<string> {
  return createTempRoot({
    'README.md': readme,
    'README.zh-CN.md': `# 课程\n\n${markers}`,
    'solutions/d8/day.ts': testDayManifest({
      id: 'd8',
      files: ['src/a.ts', 'src/b.ts'],
      overrides: { starterScore: 1 },
    }),
    'solutions/d9/day.ts': testDayManifest({
      id: 'd9',
      files: ['src/a.ts'],
      overrides: { draft: true },
    }),
  });
}

describe('the READMEs days table', () => {
  it("lists each released day with its page, its starter's score and full marks; a draft waits", async () => {
    const root = await kit();
    expect(await syncDaysTables({ root, write: false })).toEqual([
      { path: 'README.md', reason: expect.stringContaining('run `pnpm starter <day>`') },
      { path: 'README.zh-CN.md', reason: expect.stringContaining('run `pnpm starter <day>`') },
    ]);
    await syncDaysTables({ root, write: true });
    const english = await readFile(path.join(root, 'README.md'), 'utf8');
    expect(english).toContain(
      '| `d8` | a tiny day for tests | [labs/d8/README.md](labs/d8/README.md) | 1/2                   | 2/2        |',
    );
    expect(english).not.toContain('d9');
    expect(await readFile(path.join(root, 'README.zh-CN.md'), 'utf8')).toContain(
      '[labs/d8/README.zh-CN.md](labs/d8/README.zh-CN.md)',
    );
    expect(await syncDaysTables({ root, write: false })).toEqual([]);
  });

  it('reports a score changed by hand, and a README that lost its markers', async () => {
    const root = await kit();
    await syncDaysTables({ root, write: true });
    const file = path.join(root, 'README.md');
    await writeFile(file, (await readFile(file, 'utf8')).replace('1/2', '2/2'));
    expect(await syncDaysTables({ root, write: false })).toEqual([
      { path: 'README.md', reason: expect.stringContaining('differs') },
    ]);
    await writeFile(file, '# Kit\n');
    expect(await syncDaysTables({ root, write: false })).toEqual([
      {
        path: 'README.md',
        reason: expect.stringContaining('has no days table; put the two lines'),
      },
    ]);
  });
});
