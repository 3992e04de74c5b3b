import { createEditWorkspace, describeResult, driveEdit } from './edit-workspace';
import { createVariantCheck } from './create-variant-check';
import { LESSON_AMBIGUITY, createAmbiguityVariant } from './variants/ambiguity-variant';

/**
 * Check 3: text on several lines is refused without a change, naming those lines and no others so
 * the model can add context to one, and saying replace_all exists; with replace_all, all of them
 * change and nothing else does. Then text that occurs twice only by overlapping itself ("aa" in
 * "aaa") is refused too: one place taken after another is not all the places. The lesson's file
 * comes first, then one whose text and lines the seed picks.
 */
export const judge = createVariantCheck({
  salt: 'ambiguity',
  lesson: LESSON_AMBIGUITY,
  createVariant: createAmbiguityVariant,
  async judge({ drive, variant, prepare, transcript, throws }) {
    const { path, source, lines } = variant;
    const workspace = await createEditWorkspace({
      prepare,
      files: { [path]: source, [OVERLAP.path]: OVERLAP.source },
    });
    const { root } = workspace;
    await drive('open', { root, read: [path, OVERLAP.path] });
    const edit = { path, old_string: variant.oldString, new_string: variant.newString };

    const refused = await driveEdit({ drive, root, args: edit, throws });
    transcript.push(`edit_file of text on lines ${lines.join(', ')} → ${describeResult(refused)}`);
    if ((await workspace.bytes(path)).toString('utf8') !== source) {
      return {
        expected: 'an ambiguous edit to leave the file as it was',
        got: 'the file changed (the first match, or every match, was replaced)',
        mistake: 'first-taken',
      };
    }
    const numbers = [...refused.content.matchAll(/\b\d+\b/g)].map((match) => Number(match[0]));
    const missing = lines.filter((line) => !numbers.includes(line));
    // Lines that hold no match must not be named: listing every line names them all. A number up
    // to the count of matches may be the count ("occurs 3 times"), so only larger ones are judged.
    const lineCount = source.split('\n').length - 1;
    const wrong = new Set(
      numbers.filter(
        (number) => number > lines.length && number <= lineCount && !lines.includes(number),
      ),
    );
    if (
      refused.ok ||
      missing.length > 0 ||
      wrong.size > 0 ||
      !/replace_all/.test(refused.content)
    ) {
      const notHolding =
        wrong.size === 0
          ? ''
          : wrong.size === 1
            ? ` (line ${[...wrong][0]} does not hold the text)`
            : ` (lines ${[...wrong].join(', ')} do not hold the text)`;
      return {
        expected: `{ ok: false } naming lines ${lines.join(', ')}, where the text occurs, and no others, and saying that replace_all changes every one`,
        got: `ok: ${refused.ok}, ${JSON.stringify(refused.content.slice(0, 200))}${notHolding}`,
      };
    }

    const all = await driveEdit({ drive, root, args: { ...edit, replace_all: true }, throws });
    transcript.push(`the same edit with replace_all → ${describeResult(all)}`);
    const now = (await workspace.bytes(path)).toString('utf8');
    const replacedAll = source.replaceAll(variant.oldString, variant.newString);
    if (!all.ok || now !== replacedAll) {
      return {
        expected: `replace_all: true to change all ${lines.length} lines and nothing else`,
        got:
          now === replacedAll
            ? `ok: false, ${JSON.stringify(all.content.slice(0, 160))}`
            : `the file reads ${JSON.stringify(now.slice(0, 300))}`,
      };
    }

    const overlap = { path: OVERLAP.path, old_string: OVERLAP.oldString, new_string: 'b' };
    const twice = await driveEdit({ drive, root, args: overlap, throws });
    transcript.push(
      `edit_file of ${JSON.stringify(OVERLAP.oldString)} in ${JSON.stringify(OVERLAP.source.trim())} → ${describeResult(twice)}`,
    );
    if (twice.ok || (await workspace.bytes(OVERLAP.path)).toString('utf8') !== OVERLAP.source) {
      return {
        expected: `${JSON.stringify(OVERLAP.oldString)} in ${JSON.stringify(OVERLAP.source.trim())} to be refused as occurring twice (the two overlap), leaving the file as it was`,
        got: `ok: ${twice.ok}, ${JSON.stringify(twice.content.slice(0, 160))}`,
        mistake: 'no-overlap',
      };
    }
    return undefined;
  },
});

/** A text that occurs twice only by overlapping itself: counting from the end of one match finds one. */
const OVERLAP = { path: 'notes/rating.txt', source: 'rating: aaa\n', oldString: 'aa' };
