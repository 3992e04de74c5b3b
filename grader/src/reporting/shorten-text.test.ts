import { describe, expect, it } from 'vitest';
import { shortenText } from './shorten-text';

describe('shortenText', () => {
  it('keeps a text that fits and marks a cut with an ellipsis, within the limit', () => {
    expect(shortenText('use a path relative', 19)).toBe('use a path relative');
    expect(shortenText('use a path relative to the working directory', 19)).toBe(
      'use a path relativ…',
    );
    expect(shortenText('use a path relative to the working directory', 19)).toHaveLength(19);
  });
});
