import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTempRoot } from './create-temp-root';

// The tests of one file run in order, so the second sees what the first left behind.
describe('createTempRoot', () => {
  let made = '';

  it('writes the named files under a fresh root', async () => {
    made = await createTempRoot({ 'a/b.txt': 'text' });
    expect(existsSync(path.join(made, 'a', 'b.txt'))).toBe(true);
  });

  it('leaves nothing behind once the test that made it has finished', () => {
    expect(made).not.toBe('');
    expect(existsSync(made)).toBe(false);
  });
});
