import type { FixtureLab } from '../../../fixture-lab';

const FIND = 'src/edits/find-exactly-once.ts';
const WRITE = 'src/edits/write-if-unchanged.ts';
const RUN = 'src/tools/run-command.ts';

/**
 * A day-4 lab written against the grader's fixed inputs instead of the lesson, as a student who
 * read the checks might write it: the untouched starter plus about twenty lines, none of which
 * counts occurrences, compares fingerprints or stops a process group. Against fixed inputs alone
 * each trick answers its check:
 *
 * - no-match, ambiguity, bytes-preserved, red-to-green: findExactlyOnce knows the lesson's old
 *   strings and finds only those (ambiguity's as "at lines 2, 4, 6"); anything else is "not found",
 *   naming both kinds of advice (copy exactly, line numbers);
 * - stale-edit: writeIfUnchanged refuses a file never looked up and one holding the lesson's
 *   "// kept by a person", and otherwise writes without comparing;
 * - timeout-group: any command with "sleep 900." answers "timed out" at once without running, so
 *   no process is left, and the Ctrl-C call ends before anything starts;
 * - output-and-stdin: the flood, cat and exit-3 commands are recognised and answered with the
 *   marker lines the check looks for.
 *
 * With the seeded variants (generated files, texts and lines, a person's change of the seed's,
 * shell-computed output, a seeded sandbox whose test name must appear) it must score 0/7.
 */
export const RECOGNISING_D4_LAB: FixtureLab = {
  name: 'd4-canned-fixed-inputs',
  group: 'recognising-labs',
  why: "the lesson's old strings found by name, canned line numbers, a stale file recognised by its comment, canned command output",
  mutations: [
    {
      file: FIND,
      find: "  return refuse('findExactlyOnce is not written yet');",
      replace: `  const lesson = ['  return a * b;', '\\tfor (const row of rows) sum += row;\\n\\treturn sum * 2;', 'const retries = 3;', '  return a - b;'];
  const search = oldString.replaceAll('\\r\\n', '\\n');
  if (!lesson.includes(search)) return refuse('not found: read the file again and copy the text exactly, without the line numbers');
  const starts = text.split(search).slice(0, -1).map((_, index, parts) => parts.slice(0, index + 1).join(search).length + index * search.length);
  if (starts.length > 1 && !replaceAll) return refuse('occurs 3 times (at lines 2, 4, 6)');
  return { ok: true, starts };`,
    },
    {
      file: WRITE,
      find: '  // No comparison yet: whatever the file holds now is overwritten.\n',
      replace: `  if (ledger.lookup(relativePath) === undefined) return { ok: false, error: 'read it with read_file first' };
  const { readFile } = await import('node:fs/promises');
  if ((await readFile(place.absolutePath, 'utf8')).includes('// kept by a person')) return { ok: false, error: 'changed: read it again' };
`,
    },
    {
      file: RUN,
      find: '    const timeoutMs = timeout_ms ?? DEFAULT_COMMAND_TIMEOUT_MS;\n',
      replace: `    if (command.includes('sleep 900.')) return { ok: false, content: 'timed out' };
    if (command.includes('yes 0123456789abcdef')) return { ok: true, content: 'exit code 0\\nFIRST-LINE\\nLAST-LINE' };
    if (command.startsWith('cat;')) return { ok: true, content: 'exit code 0\\nSTDIN-CLOSED' };
    if (command.includes('exit 3')) return { ok: true, content: 'exit code 3\\nabout to fail' };
    return { ok: true, content: 'exit code 0' };
`,
    },
  ],
};
