import { describe, expect, it } from 'vitest';
import { MAX_NAME_BYTES } from './limits';
import { temporaryNameFor, writerOfTemporaryName } from './temporary-name';

describe('temporaryNameFor', () => {
  it('names the writer, and fits in one folder entry however long the name is', () => {
    for (const name of ['a.txt', 'n'.repeat(MAX_NAME_BYTES), 'é'.repeat(127), '😀'.repeat(63)]) {
      const temporary = temporaryNameFor({ name, pid: 4_194_304 });
      expect(Buffer.byteLength(temporary)).toBeLessThanOrEqual(MAX_NAME_BYTES);
      // Cut on a whole character: the name survives a trip through UTF-8 unchanged.
      expect(Buffer.from(temporary).toString('utf8')).toBe(temporary);
      expect(temporary.startsWith(`.${name.slice(0, 2)}`)).toBe(true);
      expect(writerOfTemporaryName(temporary)).toBe(4_194_304);
    }
    expect(temporaryNameFor({ name: 'a.txt', pid: 7 })).toMatch(
      /^\.a\.txt\.agent-7-[0-9a-f]{12}\.tmp$/,
    );
  });

  it("reads a writer only from names it made, never from a user's look-alike", () => {
    for (const name of [
      'a.txt',
      '.a.txt.tmp',
      '.a.txt.0123456789ab.tmp',
      '.a.txt.agent-12-0123456789ab.tmp.bak',
      '.a.txt.agent-0-0123456789ab.tmp',
      '.a.txt.agent-12-0123456789AB.tmp',
      'a.txt.agent-12-0123456789ab.tmp',
    ]) {
      expect(writerOfTemporaryName(name)).toBeUndefined();
    }
  });
});
