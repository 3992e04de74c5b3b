import { describe, expect, it } from 'vitest';
import { describeRunEnd } from './describe-run-end';

describe('describeRunEnd', () => {
  it('says in plain words that the offline script ran out, and quotes the call that kept failing', () => {
    const sentence = describeRunEnd({
      stopReason: 'model-error',
      error:
        'the model request failed: the scripted model has no step for turn 11; its script has 10 steps, so the offline script ran out',
      lastFailure: { tool: 'edit_file', answer: 'edit_file is not written yet' },
    });
    expect(sentence).not.toMatch(/model-error/);
    expect(sentence).toBe(
      'the run stopped early: the offline model ran out of moves, because a call kept failing and it retried it every turn; the last call that failed was edit_file, which answered "edit_file is not written yet"',
    );
  });

  it('names the other endings without the loop names, and cuts a long answer', () => {
    const long = 'x'.repeat(500);
    expect(describeRunEnd({ stopReason: 'max-turns' })).toBe(
      'the run used up all its turns without a final answer',
    );
    expect(describeRunEnd({ stopReason: 'done' })).toBe('the model then gave its final answer');
    expect(
      describeRunEnd({
        stopReason: 'model-error',
        error: 'the model request failed: socket hang up',
        lastFailure: { tool: 'run_command', answer: long },
      }),
    ).toBe(
      `the run stopped early: the model request failed: socket hang up; the last call that failed was run_command, which answered "${'x'.repeat(120)}…"`,
    );
  });
});
