import { mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReadLedger } from './read-ledger';
import { readFileToEdit } from './read-file-to-edit';
import { spliceEdit } from './splice-edit';

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
});
