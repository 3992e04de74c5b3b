import { describe, expect, it } from 'vitest';
import { describeCause } from './describe-cause';

describe('describeCause', () => {
  it('finds the system error code however deep fetch and the SDK wrapped it', () => {
    const socket = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), {
      code: 'ECONNREFUSED',
    });
    const fetchError = new TypeError('fetch failed', { cause: socket });
    expect(describeCause(new Error('Connection error.', { cause: fetchError }))).toBe(
      'ECONNREFUSED',
    );
  });

  it('falls back to the innermost message when no code is given', () => {
    const fetchError = new TypeError('fetch failed', { cause: new Error('bad port') });
    expect(describeCause(new Error('Connection error.', { cause: fetchError }))).toBe('bad port');
    expect(describeCause('plain text')).toBe('plain text');
  });
});
