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

describe('createUsage for a day that chats', () => {
  const usage = createUsage({ summary: 'Chats.', defaultMaxTurns: 50, injections: {}, chat: true });

  it('says how the person types, stops an answer and ends the chat, and offers no `-`', () => {
    expect(usage).toContain('Usage: pnpm start [first line] [options]');
    expect(usage).toMatch(/Ctrl-C stops the answer being written, Ctrl-D/);
    expect(usage).toContain('--max-turns N        end the chat after N turns (default 50)');
    expect(usage).not.toMatch(/^ {2}- /m);
  });
});
