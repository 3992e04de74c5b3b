import { describe, expect, it } from 'vitest';
import { createColors } from './create-colors';

describe('createColors', () => {
  it('drops colour under NO_COLOR, and FORCE_COLOR turns it back on at the level it names', () => {
    expect(createColors({ NO_COLOR: '1' }).level).toBe(0);
    expect(createColors({ NO_COLOR: '1', FORCE_COLOR: '1' }).level).toBe(1);
    expect(createColors({ FORCE_COLOR: '3' }).level).toBe(3);
    expect(createColors({ FORCE_COLOR: '0' }).level).toBe(0);
  });
});
