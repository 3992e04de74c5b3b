import { createEditWorkspace, describeResult, driveEdit } from './edit-workspace';
import { createVariantCheck } from './create-variant-check';
import { LESSON_AMBIGUITY, createAmbiguityVariant } from './variants/ambiguity-variant';

/**
 * Check 3: text on several lines is refused without a change, naming those lines and no others so
 * the model can add context to one; with replace_all, all of them change and nothing else does.
 * The lesson's file comes first, then one whose text and lines the seed picks.
 */
export const judge = createVariantCheck({
  salt: 'ambiguity',
  lesson: LESSON_AMBIGUITY,
  createVariant: createAmbiguityVariant,
  async judge({ drive, variant, prepare, transcript, throws }) {
    const { path, source, lines } = variant;
    const workspace = await createEditWorkspace({ prepare, files: { [path]: source } });
    const { root } = workspace;
    await drive('open', { root, read: [path] });
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
    if (refused.ok || missing.length > 0 || wrong.size > 0) {
      const notHolding =
        wrong.size === 0
          ? ''
          : wrong.size === 1
            ? ` (line ${[...wrong][0]} does not hold the text)`
            : ` (lines ${[...wrong].join(', ')} do not hold the text)`;
      return {
        expected: `{ ok: false } naming lines ${lines.join(', ')}, where the text occurs, and no others`,
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
    return undefined;
  },
});
