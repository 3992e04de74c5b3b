import { format } from 'prettier';
import { describe, expect, it } from 'vitest';
import { renderMarkdownTable } from './render-markdown-table';

describe('renderMarkdownTable', () => {
  it('pads Chinese cells by their width on screen, so prettier leaves the table as it is', async () => {
    const table = renderMarkdownTable({
      headings: ['练习', '文件', '任务（英文原文）'],
      rows: [
        ['TODO(1)', '`src/a.ts`', 'merge'],
        ['TODO(2)', '`src/abcdefghijklmnop.ts`', '合并分片'],
      ],
    }).join('\n');
    expect(table.split('\n')[0]).toBe('| 练习    | 文件                      | 任务（英文原文） |');
    expect(await format(`${table}\n`, { parser: 'markdown' })).toBe(`${table}\n`);
  });
});
