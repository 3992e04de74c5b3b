import chalk from 'chalk';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTerminalRenderer } from './create-terminal-renderer';

beforeAll(() => {
  chalk.level = 0;
});

function render(events: Parameters<ReturnType<typeof createTerminalRenderer>>[0][]): string {
  let output = '';
  const renderer = createTerminalRenderer({ write: (text) => (output += text) });
  events.forEach(renderer);
  return output;
}

const call = { id: 'call_1', name: 'read_file', args: '{ "path": "src/calc.js" }' };

describe('createTerminalRenderer', () => {
  it('streams text, ends it at the turn, then shows the call and what was fed back', () => {
    expect(
      render([
        { type: 'text-delta', text: 'Let me ' },
        { type: 'text-delta', text: 'read it.' },
        { type: 'turn-end', turn: 1, finishReason: 'tool_calls', toolCalls: 1 },
        { type: 'tool-call', call },
        {
          type: 'tool-result',
          call,
          result: { ok: true, content: 'src/calc.js (lines 1-13 of 13)\n1: x' },
        },
      ]),
    ).toBe(
      'Let me read it.\n' +
        '> read_file({"path":"src/calc.js"})\n' +
        '✓ read_file fed back 35 chars - src/calc.js (lines 1-13 of 13)\n',
    );
  });

  it('marks a failed result and flags a truncated one from meta', () => {
    const output = render([
      { type: 'tool-result', call, result: { ok: false, content: 'no file at x; use glob' } },
      {
        type: 'tool-result',
        call,
        result: {
          ok: true,
          content: 'a'.repeat(8054),
          meta: { truncated: true, originalChars: 42741 },
        },
      },
    ]);
    expect(output.split('\n')[0]).toBe('✗ read_file fed back 22 chars - no file at x; use glob');
    expect(output.split('\n')[1]).toMatch(
      /^✓ read_file fed back 8054 chars \(cut from 42741 chars\) - a{99}…$/,
    );
  });

  it("shows a file change's diff from meta under its card, indented", () => {
    const edit = { id: 'call_2', name: 'edit_file', args: '{}' };
    const diff = '--- a/x.js\n+++ b/x.js\n@@ -1 +1 @@\n-a * b\n+a / b';
    const output = render([
      {
        type: 'tool-result',
        call: edit,
        result: { ok: true, content: 'edited x.js', meta: { diff } },
      },
    ]);
    expect(output).toBe(
      '✓ edit_file fed back 11 chars - edited x.js\n' +
        '  --- a/x.js\n  +++ b/x.js\n  @@ -1 +1 @@\n  -a * b\n  +a / b\n',
    );
  });

  it('shows arguments that are not JSON exactly as sent', () => {
    const broken = { ...call, args: '{"path":"src' };
    expect(render([{ type: 'tool-call', call: broken }])).toBe('> read_file({"path":"src)\n');
  });

  it('shows notices on their own line', () => {
    expect(
      render([
        { type: 'text-delta', text: 'Hm' },
        { type: 'notice', message: 'nothing merged' },
      ]),
    ).toBe('Hm\n! nothing merged\n');
  });

  it('shows what the conversation weighs after a turn, with thousands separated', () => {
    expect(
      render([
        { type: 'text-delta', text: 'Done.' },
        { type: 'context', chars: 12345, toolResultChars: 659 },
      ]),
    ).toBe('Done.\n· conversation resent each turn: 12,345 chars, 659 of them tool results\n');
  });

  it('drops color from every line under NO_COLOR even on a terminal, and keeps it when FORCE_COLOR asks too', () => {
    const events: Parameters<ReturnType<typeof createTerminalRenderer>>[0][] = [
      { type: 'text-delta', text: 'Looking.' },
      { type: 'turn-end' },
      { type: 'tool-call', call },
      {
        type: 'tool-result',
        call,
        result: { ok: true, content: 'x', meta: { diff: '@@ -1 +1 @@\n-a\n+b' } },
      },
      {
        type: 'tool-result',
        call,
        result: { ok: false, content: 'no', meta: { truncated: true, originalChars: 9 } },
      },
      { type: 'notice', message: 'careful' },
      { type: 'context', chars: 10, toolResultChars: 2 },
    ] as never;
    const renderWith = (env: NodeJS.ProcessEnv) => {
      let output = '';
      const renderer = createTerminalRenderer({ write: (text) => (output += text), env });
      events.forEach(renderer);
      return output;
    };
    // chalk at full color is what a terminal gets; restore the plain level for the other tests.
    chalk.level = 3;
    try {
      expect(renderWith({ NO_COLOR: '1' })).not.toContain('\u001b[');
      expect(renderWith({ NO_COLOR: '1', FORCE_COLOR: '1' })).toContain('\u001b[');
      expect(renderWith({ FORCE_COLOR: '0' })).not.toContain('\u001b[');
    } finally {
      chalk.level = 0;
    }
  });
});

describe('what reaches the terminal from the model, a tool or a file', () => {
  it('writes out escape sequences, bells and carriage returns, as the model reads them, instead of acting on them', () => {
    const hostile = '\u001b]0;title\u0007\u001b[2J\rover';
    const named = { id: 'call_2', name: `edit_file${hostile}`, args: `{"path":"${hostile}` };
    const output = render([
      { type: 'text-delta', text: `I will ${hostile}\n` },
      { type: 'tool-call', call: named },
      {
        type: 'tool-result',
        call: named,
        result: { ok: true, content: `ran ${hostile}`, meta: { diff: `+${hostile}\n-old` } },
      },
      { type: 'notice', message: `unknown tool ${hostile}` },
    ]);
    expect(output).not.toMatch(/[\u0007\u001b\r]/);
    expect(output).toContain('\\x1b]0;title\\x07\\x1b[2J\\rover');
    // Tabs and newlines still lay the text out.
    expect(render([{ type: 'text-delta', text: 'a\tb\nc' }])).toBe('a\tb\nc');
  });
});
