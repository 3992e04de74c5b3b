import { describe, expect, it } from 'vitest';
import { BoundedOutput } from './bounded-output';

describe('BoundedOutput', () => {
  it('keeps everything while it fits', () => {
    const output = new BoundedOutput(10);
    output.append('abc');
    output.append('defg');
    expect(output.toString()).toBe('abcdefg');
    expect([output.totalChars, output.cutChars]).toEqual([7, 0]);
  });

  it('keeps the first and the last half of the limit and counts the middle', () => {
    const output = new BoundedOutput(10);
    for (const chunk of ['01234', '56789', 'abcde', 'fghij']) output.append(chunk);
    expect(output.totalChars).toBe(20);
    expect(output.cutChars).toBe(10);
    expect(output.toString()).toBe(
      '01234\n[… 10 characters of output cut here; the start and the end are kept]\nfghij',
    );
  });

  it('holds no more than the limit however much is appended', () => {
    const output = new BoundedOutput(100);
    for (let chunk = 0; chunk < 10_000; chunk += 1) output.append('y\n'.repeat(500));
    expect(output.totalChars).toBe(10_000_000);
    expect(output.toString().length).toBeLessThan(200);
  });

  it('does not leave half of an emoji at either side of the cut', () => {
    const output = new BoundedOutput(6);
    output.append('ab😀'); // the head's limit of 3 falls inside the emoji
    output.append('x'.repeat(20));
    output.append('😀cd'); // the tail's 3 start inside the other one
    const text = output.toString();
    expect(text).toMatch(/^ab\n\[… 24 characters/); // 28 units, 2 kept at each side
    expect(text.endsWith('\ncd')).toBe(true);
  });
});
