import { describe, expect, it } from 'vitest';
import type { Message } from '@agent-course/core';
import { d4Scenario } from './d4-scenario';

/** A conversation in which each call got the answer given, one assistant turn per call. */
function conversationOf(
  exchanges: Array<{ name: string; args: object; answer: string }>,
): Message[] {
  const messages: Message[] = [{ role: 'user', content: 'make the tests pass' }];
  exchanges.forEach((exchange, index) => {
    const id = `call_${index + 1}`;
    messages.push(
      {
        role: 'assistant',
        content: '',
        toolCalls: [{ id, name: exchange.name, args: JSON.stringify(exchange.args) }],
      },
      { role: 'tool', toolCallId: id, content: exchange.answer },
    );
  });
  return messages;
}

const READ = {
  name: 'read_file',
  args: { path: 'src/calc.js' },
  answer:
    'src/calc.js (lines 1-3 of 3)\n1: export function divide(a, b) {\n2:   return a * b;\n3: }',
};
const EDITED = {
  name: 'edit_file',
  args: { path: 'src/calc.js', old_string: '  return a * b;', new_string: '  return a / b;' },
  answer: 'edited src/calc.js in 1 place:\n--- a/src/calc.js',
};

describe("day 4's offline script", () => {
  it('says why it runs the tests again in words that fit what happened', () => {
    const next = d4Scenario.steps(undefined)[0]!;
    const failedRun = {
      name: 'run_command',
      args: { command: 'node --test test/calc.test.js' },
      answer: 'run_command is not written yet',
    };
    const turn = next(conversationOf([READ, EDITED, failedRun]));
    expect(turn.text).not.toContain('Watch mode');
    expect(turn.text).toContain('did not come back with an exit code');

    const watched = {
      name: 'run_command',
      args: { command: 'node --test --watch test/calc.test.js', timeout_ms: 2000 },
      answer: 'timed out after 2.0 s (limit 2000 ms)',
    };
    expect(next(conversationOf([READ, EDITED, watched])).text).toContain('Watch mode never exits');
  });
});
