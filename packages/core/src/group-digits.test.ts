import { describe, expect, it } from 'vitest';
import { groupDigits } from './group-digits';

describe('groupDigits', () => {
  it('groups thousands as toLocaleString does for en-US, for whole numbers of any size and sign', () => {
    for (const value of [
      0,
      7,
      999,
      1000,
      8054,
      12_000,
      20_000,
      123_456,
      1_000_000,
      -4321,
      2 ** 40,
    ]) {
      expect(groupDigits(value)).toBe(value.toLocaleString('en-US'));
    }
  });
});
