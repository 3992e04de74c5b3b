import type { CheckOutcome } from '../../../judging/check';
import { createEditWorkspace, describeResult, driveEdit } from './edit-workspace';
import { createVariantCheck } from './create-variant-check';
import type { VariantJudging } from './create-variant-check';
import { LESSON_AMBIGUITY, createAmbiguityVariant } from './variants/ambiguity-variant';
import type { AmbiguityVariant } from './variants/ambiguity-variant';

/**
 * Check 3: text on several lines is refused without a change, naming those lines and no others so
 * the model can add context to one; with replace_all, all of them change and nothing else does.
 * The lesson's file comes first, then one whose text and lines the seed picks.
 */
export const judge = createVariantCheck({
  salt: 'ambiguity',
  lesson: LESSON_AMBIGUITY,
  createVariant: createAmbiguityVariant,
  judge: judgeAmbiguousEdit,
});

/** One ambiguous edit and the same with replace_all; a failed outcome for the first wrong answer. */
async function judgeAmbiguousEdit({
  drive,
  variant,
  prepare,
  transcript,
  throws,
}: VariantJudging<AmbiguityVariant>): Promise<CheckOutcome | undefined> {
  const { path, source, lines } = variant;
  const workspace = await createEditWorkspace({
    prepare,
    files: { [path]: source },
  });
  const { root } = workspace;
  await drive('open', { root, read: [path] });
  const callEdit = (args: Record<string, unknown>) => driveEdit({ drive, root, args, throws });
  const edit = { path, old_string: variant.oldString, new_string: variant.newString };

  const refused = await callEdit(edit);
  transcript.push(`edit_file of text on lines ${lines.join(', ')} → ${describeResult(refused)}`);
  if ((await workspace.bytes(path)).toString('utf8') !== source) {
    return {
      passed: false,
      expected: 'an ambiguous edit to leave the file as it was',
      got: 'the file changed (the first match, or every match, was replaced)',
      transcript,
    };
  }
  const numbers = [...refused.content.matchAll(/\b\d+\b/g)].map((match) => Number(match[0]));
  const missing = lines.filter((line) => !numbers.includes(line));
  // Lines that hold no match must not be named: listing every line names them all. A number up to
  // the count of matches may be the count ("occurs 3 times"), so only larger ones are judged.
  const wrong = numbers.filter(
    (number) => number > lines.length && number <= variant.lineCount && !lines.includes(number),
  );
  if (refused.ok || missing.length > 0 || wrong.length > 0) {
    return {
      passed: false,
      expected: `{ ok: false } naming lines ${lines.join(', ')}, where the text occurs, and no others`,
      got: `ok: ${refused.ok}, ${JSON.stringify(refused.content.slice(0, 200))}${describeWrongLines([...new Set(wrong)])}`,
      transcript,
    };
  }

  const all = await callEdit({ ...edit, replace_all: true });
  transcript.push(`the same edit with replace_all → ${describeResult(all)}`);
  const now = (await workspace.bytes(path)).toString('utf8');
  if (!all.ok || now !== variant.replacedAll) {
    return {
      passed: false,
      expected: `replace_all: true to change all ${lines.length} lines and nothing else`,
      got:
        now === variant.replacedAll
          ? `ok: false, ${JSON.stringify(all.content.slice(0, 160))}`
          : `the file reads ${JSON.stringify(now.slice(0, 300))}`,
      transcript,
    };
  }
  return undefined;
}

/** The lines named although they do not hold the text, as a clause for the message. */
function describeWrongLines(lines: number[]): string {
  if (lines.length === 0) return '';
  return lines.length === 1
    ? ` (line ${lines[0]} does not hold the text)`
    : ` (lines ${lines.join(', ')} do not hold the text)`;
}
