import { describe, expect, it } from 'vitest';
import { scrubPaths } from './scrub-paths';

describe('scrubPaths', () => {
  it('replaces every occurrence, the longest directory first', () => {
    const text = 'read /tmp/x/lab/src/a.ts from /tmp/x';
    expect(
      scrubPaths({
        text,
        replacements: [
          { path: '/tmp/x', placeholder: '<scratch>' },
          { path: '/tmp/x/lab', placeholder: '<lab>' },
        ],
      }),
    ).toBe('read <lab>/src/a.ts from <scratch>');
  });
});
