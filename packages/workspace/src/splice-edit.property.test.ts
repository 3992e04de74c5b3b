import { mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReadLedger } from './read-ledger';
import { readFileToEdit } from './read-file-to-edit';
import { spliceEdit } from './splice-edit';
import type { SplicedEdit } from './splice-edit';

// Files are made of lines in one ending style, `\n` or `\r\n`, sometimes behind a byte-order mark,
// and keep at least one line break outside the part replaced (a file without one gets `\n` for new
// lines, so its style could not survive). The replaced part holds '§' and its replacement '¤',
// characters no line may contain, so each occurs exactly once and replacing it back must give the
// original file byte for byte.
const RUNS = { numRuns: 200 };

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

let folder: string;
beforeAll(async () => {
  folder = await realpath(await mkdtemp(path.join(tmpdir(), 'workspace-splice-')));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

/** The bytes an edit of `content` would write: `oldString` (found once) replaced by `newString`. */
async function spliced(content: Buffer, oldString: string, newString: string): Promise<Buffer> {
  const filePath = path.join(folder, 'f.txt');
  await writeFile(filePath, content);
  const file = await readFileToEdit({
    absolutePath: filePath,
    relativePath: 'f.txt',
    ledger: createReadLedger(),
  });
  if (!file.ok) throw new Error(file.error);
  const starts = [file.text.indexOf(oldString)];
  const edit = spliceEdit({ file, relativePath: 'f.txt', starts, oldString, newString });
  if (!edit.ok) throw new Error(edit.error);
  return Buffer.concat(edit.content);
}

describe('spliceEdit (property)', () => {
  it('replacing a unique part and then replacing it back gives the original bytes', async () => {
    await fc.assert(
      fc.asyncProperty(sample, async ({ ending, bom, before, after, oldLines, newLines }) => {
        fc.pre(before.length + after.length > 0);
        const oldString = `§${oldLines.join('\n')}`;
        const newString = `¤${newLines.join('\n')}`;
        const text =
          (bom ? '\uFEFF' : '') +
          [...before, oldString.replaceAll('\n', ending), ...after].join(ending);
        const original = Buffer.from(text);

        const forward = await spliced(original, oldString, newString);
        const forwardText = forward.toString('utf8');
        // Every line ending in the new text is still the file's own.
        expect(forwardText.replaceAll('\r\n', '').includes('\r')).toBe(false);
        if (ending === '\r\n') expect(/(?<!\r)\n/.test(forwardText)).toBe(false);
        expect(forwardText.startsWith('\uFEFF')).toBe(bom);

        expect((await spliced(forward, newString, oldString)).equals(original)).toBe(true);
      }),
      RUNS,
    );
  }, 120_000);

  // Any cut of any file: old_string is whatever lies between two random positions of the text the
  // model sees (`\n` endings), so it may start or end between the two halves of an emoji, and
  // new_string may hold half of one too. The file mixes `\n` and `\r\n`, may start with a
  // byte-order mark and end without a line break. Whatever is sent, the edit either is refused and
  // writes nothing, or gives the original bytes before the match, valid UTF-8 new text in one of
  // the file's endings, and the original bytes after it, exactly.
  it('changes no byte outside the match, whatever part of a file with astral characters is cut', async () => {
    const character = fc.constantFrom('a', 'b', ' ', '\t', 'é', '中', '😀', '𝒳', '🧑‍🔬', '$');
    const line = fc.record({
      text: fc.array(character, { maxLength: 8 }).map((characters) => characters.join('')),
      ending: fc.constantFrom('\n', '\r\n'),
    });
    const halves = fc.constantFrom('\ud83d', '\ude00', '\ud835', '\udcb3');
    const newPiece = fc.oneof(
      { weight: 8, arbitrary: character },
      { weight: 2, arbitrary: fc.constant('\n') },
      { weight: 1, arbitrary: halves },
    );
    const cutSample = fc.record({
      bom: fc.boolean(),
      lines: fc.array(line, { minLength: 1, maxLength: 8 }),
      lastEnds: fc.boolean(),
      from: fc.nat(),
      length: fc.nat(),
      newString: fc.array(newPiece, { maxLength: 6 }).map((pieces) => pieces.join('')),
    });
    await fc.assert(
      fc.asyncProperty(cutSample, async ({ bom, lines, lastEnds, from, length, newString }) => {
        const original =
          (bom ? '\uFEFF' : '') +
          lines
            .map(({ text, ending }, index) =>
              index < lines.length - 1 || lastEnds ? text + ending : text,
            )
            .join('');
        // The `\n` view, and for each of its positions the position in the original text: a `\n`
        // that was `\r\n` begins at its `\r`, and the end of the text maps to the end.
        let view = '';
        const originalAt: number[] = [];
        for (let index = 0; index < original.length; index += 1) {
          if (original.startsWith('\r\n', index)) {
            originalAt.push(index);
            view += '\n';
            index += 1;
          } else {
            originalAt.push(index);
            view += original[index];
          }
        }
        originalAt.push(original.length);
        const start = from % (view.length + 1);
        const oldString = view.slice(start, start + (length % (view.length - start + 1)));
        fc.pre(oldString !== '');

        const bytes = Buffer.from(original);
        const at = view.indexOf(oldString);
        const result = await splicedAt(bytes, at, oldString, newString);
        const half = /\p{Cs}/u;
        if (half.test(oldString) || half.test(newString) || oldString === newString) {
          expect(result.ok).toBe(false);
          return;
        }
        if (!result.ok) throw new Error(result.error);
        const written = Buffer.concat(result.content);
        const before = Buffer.from(original.slice(0, originalAt[at]));
        const after = Buffer.from(original.slice(originalAt[at + oldString.length]));
        expect(written.subarray(0, before.length).equals(before)).toBe(true);
        expect(written.subarray(written.length - after.length).equals(after)).toBe(true);
        const inserted = written.subarray(before.length, written.length - after.length);
        // Valid UTF-8, and the model's new_string once its line breaks are read as `\n`.
        const insertedText = new TextDecoder('utf-8', { fatal: true }).decode(inserted);
        const endings = new Set(insertedText.match(/\r?\n/g) ?? []);
        expect(endings.size).toBeLessThanOrEqual(1);
        expect(insertedText.replaceAll('\r\n', '\n')).toBe(newString);
        new TextDecoder('utf-8', { fatal: true }).decode(written); // throws on invalid UTF-8
      }),
      { numRuns: 400 },
    );
  }, 120_000);
});

/** The result of replacing `oldString` found at `at` (a position in the `\n` view) in `content`. */
async function splicedAt(
  content: Buffer,
  at: number,
  oldString: string,
  newString: string,
): Promise<SplicedEdit | { ok: false; error: string }> {
  const filePath = path.join(folder, 'cut.txt');
  await writeFile(filePath, content);
  const file = await readFileToEdit({
    absolutePath: filePath,
    relativePath: 'cut.txt',
    ledger: createReadLedger(),
  });
  if (!file.ok) throw new Error(file.error);
  return spliceEdit({ file, relativePath: 'cut.txt', starts: [at], oldString, newString });
}
