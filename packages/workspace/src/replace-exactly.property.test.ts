import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { replaceExactly } from './replace-exactly';

// Texts are made of lines in one ending style, `\n` or `\r\n`, sometimes behind a byte-order
// mark, and keep at least one line break outside the part replaced (a file without one gets `\n`
// for new lines, so its style could not survive). The replaced part holds '§' and its replacement '¤', characters no line may contain, so
// each occurs exactly once and replacing it back must give the original text byte for byte.
const RUNS = { numRuns: 300 };

const lineText = fc
  .array(fc.constantFrom('a', 'b', ' ', '\t', 'é', '中', '😀', '$', '&', '{'), { maxLength: 12 })
  .map((characters) => characters.join(''));
const lines = fc.array(lineText, { minLength: 0, maxLength: 8 });

const sample = fc.record({
  ending: fc.constantFrom('\n', '\r\n'),
  bom: fc.boolean(),
  before: lines,
  after: lines,
  // The parts as the model writes them, with `\n` between lines.
  oldLines: fc.array(lineText, { minLength: 1, maxLength: 4 }),
  newLines: fc.array(lineText, { minLength: 1, maxLength: 4 }),
});

describe('replaceExactly (property)', () => {
  it('replacing a unique part and then replacing it back gives the original bytes', () => {
    fc.assert(
      fc.property(sample, ({ ending, bom, before, after, oldLines, newLines }) => {
        // At least one line break outside the replaced part, or the file's ending would be a guess.
        fc.pre(before.length + after.length > 0);
        const oldString = `§${oldLines.join('\n')}`;
        const newString = `¤${newLines.join('\n')}`;
        const text =
          (bom ? '\uFEFF' : '') +
          [...before, oldString.replaceAll('\n', ending), ...after].join(ending);

        const forward = replaceExactly({ text, oldString, newString });
        expect(forward.ok).toBe(true);
        if (!forward.ok) return;
        // Every line ending in the new text is still the file's own.
        expect(forward.text.replaceAll('\r\n', '').includes('\r')).toBe(false);
        if (ending === '\r\n') expect(/(?<!\r)\n/.test(forward.text)).toBe(false);
        expect(forward.text.startsWith('\uFEFF')).toBe(bom);

        const back = replaceExactly({
          text: forward.text,
          oldString: newString,
          newString: oldString,
        });
        expect(back).toEqual({ ok: true, text, replacements: 1 });
      }),
      RUNS,
    );
  });

  it('a refused replacement reports a reason and an error, never a text', () => {
    fc.assert(
      fc.property(lines, lineText, lineText, (fileLines, oldString, newString) => {
        const text = fileLines.join('\n');
        const result = replaceExactly({ text, oldString, newString });
        if (result.ok && oldString === '') {
          // An empty old_string only ever fills an empty text.
          expect(text).toBe('');
          expect(result.text).toBe(newString);
        } else if (result.ok) {
          expect(text.split(oldString).length).toBe(2);
        } else {
          expect(result.error.length).toBeGreaterThan(0);
          expect(result).not.toHaveProperty('text');
        }
      }),
      RUNS,
    );
  });
});
