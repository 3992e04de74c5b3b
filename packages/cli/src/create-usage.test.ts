import { describe, expect, it } from 'vitest';
import { createUsage } from './parse-command-line';

describe('createUsage', () => {
  const usage = createUsage({
    summary: 'Explores a repository.',
    defaultMaxTurns: 8,
    injections: {
      bad_args: 'sends arguments that are wrong',
      ambiguous_edit: 'edits text found twice',
      hanging_command: 'runs a command that never ends',
    },
  });

  it('keeps every INJECT name apart from its text, however long the name', () => {
    for (const name of ['bad_args', 'ambiguous_edit', 'hanging_command']) {
      const line = usage.split('\n').find((entry) => entry.includes(`INJECT=${name}`));
      // The name is followed by spaces or ends its line, never glued to "with".
      expect(line).toMatch(new RegExp(`INJECT=${name}(\\s{2,}with MOCK=1|$)`));
    }
  });

  it('starts every description in the same column', () => {
    const starts = usage
      .split('\n')
      .filter((line) => line.includes('with MOCK=1:'))
      .map((line) => line.indexOf('with MOCK=1:'));
    expect(starts).toHaveLength(3);
    expect(new Set(starts)).toEqual(
      new Set([
        usage
          .split('\n')
          .find((line) => line.startsWith('  MOCK=1'))!
          .indexOf('use the offline'),
      ]),
    );
  });
});
