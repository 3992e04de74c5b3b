import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createApprover } from './create-approver';

const call = { id: 'call_1', name: 'edit_file', args: '{"path":"src/calc.js"}' };

function ask(
  answer: string | undefined,
  signal = new AbortController().signal,
  asked: typeof call = call,
) {
  const input = new PassThrough();
  const output = new PassThrough();
  let shown = '';
  output.on('data', (chunk: Buffer) => (shown += chunk.toString()));
  const approve = createApprover({ input, output, signal });
  const decided = approve(asked);
  if (answer !== undefined) input.write(`${answer}\n`);
  return { decided, shown: () => shown };
}

describe('createApprover', () => {
  it('shows the call and allows it on y or yes, in any case', async () => {
    for (const answer of ['y', 'YES', ' yes ']) {
      const { decided, shown } = ask(answer);
      expect(await decided, answer).toBe(true);
      expect(shown()).toBe('? allow edit_file({"path":"src/calc.js"}) [y/N] ');
    }
  });

  it('shows long arguments whole, above a short question, so nothing allowed goes unseen', async () => {
    const command = `echo ${'a'.repeat(400)}; rm -rf ~/work`;
    const long = { id: 'call_2', name: 'run_command', args: JSON.stringify({ command }) };
    const { decided, shown } = ask('y', undefined, long);
    expect(await decided).toBe(true);
    expect(shown()).toContain('rm -rf ~/work');
    expect(shown()).toContain(`? allow run_command with the ${long.args.length} characters`);
  });

  it('writes control characters as escapes, so arguments cannot hide or reorder what they ask', async () => {
    const hidden = [
      // An escape sequence that would clear the line and leave only a harmless-looking text.
      { args: '{"command":"rm -rf ~\u001b[2K\rls"}', shown: 'rm -rf ~\\x1b[2K\\rls' },
      // U+202E shows what follows right to left: "eval();" on screen where the call holds ";)(lave".
      { args: '{"new_string":"ok \u202e;)(lave"}', shown: 'ok \\u202e;)(lave' },
    ];
    for (const { args, shown: expected } of hidden) {
      const { decided, shown } = ask('n', undefined, { id: 'call_3', name: 'run_command', args });
      expect(await decided).toBe(false);
      expect(shown()).not.toMatch(/[\u001b\r\u202e]/);
      expect(shown()).toContain(expected);
    }
  });

  it('declines on anything else, an empty line included', async () => {
    for (const answer of ['', 'n', 'no', 'sure']) {
      expect(await ask(answer).decided, JSON.stringify(answer)).toBe(false);
    }
  });

  it('declines when the run is cancelled while it waits', async () => {
    const controller = new AbortController();
    const { decided } = ask(undefined, controller.signal);
    controller.abort();
    expect(await decided).toBe(false);
  });
});
