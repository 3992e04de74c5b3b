import { describe, expect, it } from 'vitest';
import { MAX_LISTED_MATCHES, MAX_REPLACEMENTS } from './limits';
import { replaceExactly } from './replace-exactly';

const BOM = '\uFEFF';

describe('replaceExactly: exactly once', () => {
  it('replaces the one occurrence and nothing else', () => {
    const result = replaceExactly({
      text: 'a = 1;\nb = 2;\nc = 3;\n',
      oldString: 'b = 2;',
      newString: 'b = 20;',
    });
    expect(result).toEqual({ ok: true, text: 'a = 1;\nb = 20;\nc = 3;\n', replacements: 1 });
  });

  it('inserts new_string literally: $&, $1 and $$ are not replacement patterns', () => {
    const result = replaceExactly({ text: 'x = y;', oldString: 'y', newString: '$& $1 $$ $`' });
    expect(result).toMatchObject({ ok: true, text: 'x = $& $1 $$ $`;' });
  });

  it('can delete text by replacing it with nothing', () => {
    const result = replaceExactly({
      text: 'keep\ndrop\nkeep\n',
      oldString: 'drop\n',
      newString: '',
    });
    expect(result).toMatchObject({ ok: true, text: 'keep\nkeep\n' });
  });

  it('refuses an empty old_string in a text that has any, saying what to send instead', () => {
    const result = replaceExactly({ text: 'anything', oldString: '', newString: 'new file' });
    expect(result).toEqual({
      ok: false,
      reason: 'empty_old_string',
      error:
        'old_string is empty, which only fills an empty file, and this one has text; copy the text to replace into old_string, or use the tool that creates files for a new file',
    });
  });

  it('fills an empty text from an empty old_string', () => {
    expect(replaceExactly({ text: '', oldString: '', newString: 'first\n' })).toEqual({
      ok: true,
      text: 'first\n',
      replacements: 1,
    });
  });

  it('refuses an edit that would change nothing', () => {
    const result = replaceExactly({ text: 'same', oldString: 'same', newString: 'same' });
    expect(result).toMatchObject({ ok: false, reason: 'no_change' });
  });
});

describe('replaceExactly: several matches', () => {
  it('changes nothing and names every line the text occurs on', () => {
    const text = 'total += 1;\nother();\ntotal += 1;\n\ntotal += 1;\n';
    const result = replaceExactly({ text, oldString: 'total += 1;', newString: 'total += 2;' });
    expect(result).toMatchObject({ ok: false, reason: 'ambiguous', lines: [1, 3, 5] });
    expect(!result.ok && result.error).toContain('3 times (at lines 1, 3, 5)');
    expect(!result.ok && result.error).toContain('replace_all');
  });

  it('counts overlapping occurrences: "aa" occurs twice in "aaa"', () => {
    const result = replaceExactly({ text: 'aaa', oldString: 'aa', newString: 'b' });
    expect(result).toMatchObject({ ok: false, reason: 'ambiguous', lines: [1] });
    expect(!result.ok && result.error).toContain('occurs 2 times (at line 1)');
  });

  it('names a line once however often the text occurs on it', () => {
    const text = `${'f(x);'.repeat(30)}\nf(x);\n`;
    const result = replaceExactly({ text, oldString: 'f(x);', newString: 'g(x);' });
    expect(result).toMatchObject({ ok: false, reason: 'ambiguous', lines: [1] });
    expect(!result.ok && result.error).toContain('occurs 31 times (at lines 1 and 21 more)');
  });

  it(`lists at most ${MAX_LISTED_MATCHES} lines and counts the rest`, () => {
    const text = 'x\n'.repeat(25);
    const result = replaceExactly({ text, oldString: 'x', newString: 'y' });
    expect(!result.ok && result.lines).toHaveLength(MAX_LISTED_MATCHES);
    expect(!result.ok && result.error).toContain(
      '25 times (at lines 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 and 15 more)',
    );
  });

  it('changes every occurrence with replaceAll, left to right without overlapping', () => {
    expect(
      replaceExactly({ text: 'a1 a2 a3', oldString: 'a', newString: 'b', replaceAll: true }),
    ).toEqual({ ok: true, text: 'b1 b2 b3', replacements: 3 });
    expect(
      replaceExactly({ text: 'aaa', oldString: 'aa', newString: 'b', replaceAll: true }),
    ).toMatchObject({ ok: true, text: 'ba', replacements: 1 });
  });

  it(`refuses a replaceAll of more than ${MAX_REPLACEMENTS} places and suggests a command`, () => {
    const text = 'x'.repeat(MAX_REPLACEMENTS + 1);
    const result = replaceExactly({ text, oldString: 'x', newString: 'y', replaceAll: true });
    expect(result).toMatchObject({ ok: false, reason: 'too_many' });
    expect(!result.ok && result.error).toContain('sed');
    const atLimit = replaceExactly({
      text: text.slice(1),
      oldString: 'x',
      newString: 'y',
      replaceAll: true,
    });
    expect(atLimit).toMatchObject({ ok: true, replacements: MAX_REPLACEMENTS });
  });
});

describe('replaceExactly: worst cases stay bounded', () => {
  it('stops counting a long self-overlapping search in a large file', () => {
    const text = 'a'.repeat(1_000_000);
    const result = replaceExactly({ text, oldString: 'a'.repeat(1000), newString: 'b' });
    expect(result).toMatchObject({ ok: false, reason: 'ambiguous' });
    expect(!result.ok && result.error).toContain(
      `more than ${MAX_REPLACEMENTS} times (at lines 1 and more)`,
    );
    const all = replaceExactly({ text, oldString: 'a', newString: 'b', replaceAll: true });
    expect(all).toMatchObject({ ok: false, reason: 'too_many' });
    expect(!all.ok && all.error).toContain(`more than ${MAX_REPLACEMENTS} times`);
  });
});

describe('replaceExactly: no match says what to send next', () => {
  const file = 'function add(a, b) {\n\treturn a - b;\n}\n';

  it("names read_file's line-number prefixes and says the text matches without them", () => {
    const result = replaceExactly({
      text: file,
      oldString: '1: function add(a, b) {\n2: \treturn a - b;',
      newString: 'x',
    });
    expect(result).toMatchObject({ ok: false, reason: 'not_found' });
    expect(!result.ok && result.error).toContain('"12: "');
    expect(!result.ok && result.error).toContain('without them it matches');
  });

  it('recognises the cat -n style too, "    12\\t"', () => {
    const result = replaceExactly({
      text: file,
      oldString: '     2\t\treturn a - b;',
      newString: 'x',
    });
    expect(!result.ok && result.error).toContain('line numbers');
  });

  it('says which lines match once whitespace is ignored, and never applies that match', () => {
    const result = replaceExactly({
      text: file,
      oldString: 'function add(a, b) {\n    return a - b;',
      newString: 'function add(a, b) {\n    return a + b;',
    });
    expect(result).toMatchObject({ ok: false, reason: 'not_found' });
    expect(!result.ok && result.error).toContain('lines 1-2 only if whitespace is ignored');
  });

  it('otherwise says to read the file again', () => {
    const result = replaceExactly({ text: file, oldString: 'return a * b;', newString: 'x' });
    expect(!result.ok && result.error).toContain('Read the file again with read_file');
  });

  it('does not mistake code that starts with a number and a colon for prefixes', () => {
    const result = replaceExactly({
      text: file,
      oldString: "10: 'ten',\n  other: 1",
      newString: 'x',
    });
    expect(!result.ok && result.error).not.toContain('line numbers');
  });
});

describe('replaceExactly: the file keeps its own bytes', () => {
  it('matches a `\\n` old_string in a CRLF file and writes the new lines with CRLF', () => {
    const text = 'one\r\ntwo\r\nthree\r\n';
    const result = replaceExactly({ text, oldString: 'two\nthree', newString: 'TWO\nTHREE\nFOUR' });
    expect(result).toMatchObject({ ok: true, text: 'one\r\nTWO\r\nTHREE\r\nFOUR\r\n' });
  });

  it('accepts a CRLF old_string in an LF file', () => {
    const result = replaceExactly({ text: 'a\nb\n', oldString: 'a\r\nb', newString: 'c\r\nd' });
    expect(result).toMatchObject({ ok: true, text: 'c\nd\n' });
  });

  it('leaves every untouched line of a mixed file with its own ending', () => {
    const text = 'one\ntwo\r\nthree\nfour\r\n';
    const result = replaceExactly({ text, oldString: 'two\nthree', newString: 'TWO\nTHREE' });
    // The endings inside the replaced text follow the file's majority; a tie goes to `\n`.
    expect(result).toMatchObject({ ok: true, text: 'one\nTWO\nTHREE\nfour\r\n' });
    const onlyFour = replaceExactly({ text, oldString: 'four', newString: 'FOUR' });
    expect(onlyFour).toMatchObject({ ok: true, text: 'one\ntwo\r\nthree\nFOUR\r\n' });
  });

  it('keeps the byte-order mark and every tab', () => {
    const text = `${BOM}\tindented\r\n\t\tdeeper\r\n`;
    const result = replaceExactly({ text, oldString: '\t\tdeeper', newString: '\t\tdeepest' });
    expect(result).toMatchObject({ ok: true, text: `${BOM}\tindented\r\n\t\tdeepest\r\n` });
  });

  it('replaces text at the very start of a file with a byte-order mark', () => {
    const result = replaceExactly({ text: `${BOM}first`, oldString: 'first', newString: 'second' });
    expect(result).toMatchObject({ ok: true, text: `${BOM}second` });
  });

  it('counts lines of a CRLF file as read_file does when naming them', () => {
    const text = 'x\r\ny\r\nx\r\n';
    const result = replaceExactly({ text, oldString: 'x', newString: 'z' });
    expect(result).toMatchObject({ ok: false, lines: [1, 3] });
  });
});
