import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createApprover } from './create-approver';

const call = { id: 'call_1', name: 'edit_file', args: '{"path":"src/calc.js"}' };

function ask(answer: string | undefined, signal = new AbortController().signal) {
  const input = new PassThrough();
  const output = new PassThrough();
  let shown = '';
  output.on('data', (chunk: Buffer) => (shown += chunk.toString()));
  const approve = createApprover({ input, output, signal });
  const decided = approve(call);
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
