import { createEditWorkspace, describeResult, driveEdit } from './edit-workspace';
import { createVariantCheck } from './create-variant-check';
import { LESSON_NO_MATCH, createNoMatchVariant } from './variants/no-match-variant';

const NOT_FOUND = /not found|nowhere|does not (occur|appear)/i;
const LINE_NUMBERS = /line[- ]numbers?/i;

/**
 * Check 2: text that occurs nowhere changes nothing, and the result says what to send instead.
 * The misses a model really makes: text that is not in the file, a line whose indentation differs,
 * and lines copied with read_file's "12: " prefixes. Only the last may be answered with advice
 * about line numbers, and it must be, so the model can strip them. Then what the advice asks for,
 * the lines copied exactly, must edit them and nothing else: "not found" is judged against text
 * that is found, so refusing every edit is not enough. The lesson's file comes first, then one the
 * seed writes.
 */
export const judge = createVariantCheck({
  salt: 'no-match',
  lesson: LESSON_NO_MATCH,
  createVariant: createNoMatchVariant,
  async judge({ drive, variant, prepare, transcript, throws }) {
    const { path, source, hit } = variant;
    const workspace = await createEditWorkspace({ prepare, files: { [path]: source } });
    const { root } = workspace;
    await drive('open', { root, read: [path] });
    for (const miss of variant.misses) {
      const args = { path, old_string: miss.oldString, new_string: miss.newString };
      const result = await driveEdit({ drive, root, args, throws });
      transcript.push(`edit_file ${miss.label} → ${describeResult(result)}`);
      if ((await workspace.bytes(path)).toString('utf8') !== source) {
        return {
          expected: `${miss.label} to leave ${path} byte for byte as it was`,
          got: 'the file changed: text that is not in the file was matched anyway',
          mistake: 'fuzzy',
        };
      }
      if (result.ok) {
        return {
          expected: `${miss.label} to come back as { ok: false }`,
          got: `ok: true, "${result.content.slice(0, 80)}"`,
        };
      }
      const advice = miss.prefixed
        ? LINE_NUMBERS.test(result.content)
        : /read|copy/i.test(result.content) && !LINE_NUMBERS.test(result.content);
      if (!NOT_FOUND.test(result.content) || !advice) {
        return {
          // The engine refuses a place where old_string does not start: the search matched other text.
          ...(/where old_string does not start/.test(result.content) ? { mistake: 'fuzzy' } : {}),
          expected: `for ${miss.label}, a message saying the text was not found and ${miss.prefixed ? "that read_file's line numbers are not in the file" : 'to read the file again and copy the text exactly (no word about line numbers: the text has none)'}`,
          got: JSON.stringify(result.content.slice(0, 200)),
        };
      }
    }

    // The empty text occurs at every position: in a file that has text it changes nothing, and a
    // search that never moves past it would hang (a grade then fails this check on its time limit).
    const empty = await driveEdit({
      drive,
      root,
      args: { path, old_string: '', new_string: 'x' },
      throws,
    });
    transcript.push(`edit_file with an empty old_string → ${describeResult(empty)}`);
    if (empty.ok || (await workspace.bytes(path)).toString('utf8') !== source) {
      return {
        expected: `an empty old_string in ${path}, which has text, to be refused and change nothing (it only fills an empty file)`,
        got: `ok: ${empty.ok}, ${JSON.stringify(empty.content.slice(0, 160))}`,
      };
    }

    // Text the file holds once, after the misses: it must land, and change only that.
    const args = { path, old_string: hit.oldString, new_string: hit.newString };
    const result = await driveEdit({ drive, root, args, throws });
    transcript.push(`edit_file ${hit.label} → ${describeResult(result)}`);
    const bytes = await workspace.bytes(path);
    const edited = bytes.equals(Buffer.from(hit.expected, 'utf8'));
    if (result.ok && edited) return undefined;
    const text = bytes.toString('utf8');
    const answered = `ok: ${result.ok}, ${JSON.stringify(result.content.slice(0, 160))}`;
    return {
      expected: `${hit.label} (text ${path} holds once) to come back as { ok: true } and change that text, nothing else`,
      got: edited
        ? `${answered}, though the file was edited`
        : text === source
          ? `${answered}, and the file unchanged`
          : `the file reads ${JSON.stringify(text.slice(0, 300))}`,
    };
  },
});
