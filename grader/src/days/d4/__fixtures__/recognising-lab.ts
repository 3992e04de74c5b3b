import type { FixtureLab } from '../../../fixture-lab';

const EDIT = 'src/tools/edit-file.ts';
const READ = 'src/tools/read-file.ts';
const RUN = 'src/tools/run-command.ts';

/**
 * A day-4 lab written against the grader's fixed inputs instead of the lesson, as a student who
 * read the checks might write it: the untouched starter plus about twenty lines, none of which
 * calls editFile, records a fingerprint or calls runCommand. Against fixed inputs alone it scored
 * 7/7, one trick a check:
 *
 * - red-to-green: edit_file splices with readFile and writeFile, run_command answers "exit code 0"
 *   without running anything, and the grader's own test run found the one-line fix in place;
 * - no-match: one refusal for every miss, naming both kinds of advice (copy exactly, line numbers);
 * - ambiguity: any repeated text is refused as "at lines 2, 4, 6";
 * - bytes-preserved: the CRLF file is matched by turning "\n" into "\r\n", and the diff is canned;
 * - stale-edit: read_file records a made-up fingerprint counting reads, and edit_file refuses while
 *   the file holds the check's "// kept by a person" and fewer than two reads were made;
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
  why: 'edits with writeFile, canned line numbers and diff, a stale file recognised by its comment, canned command output',
  mutations: [
    {
      // read_file "records" a made-up fingerprint whose size counts the reads.
      file: READ,
      find: '      const read = await readWorkspaceFile({ cwd, path, offset, limit, signal });\n',
      replace: `      const read = await readWorkspaceFile({ cwd, path, offset, limit, signal });
      if (read.ok) ledger.record({ path, fingerprint: { sha256: '', bytes: (ledger.lookup(path)?.bytes ?? 0) + 1 } });
`,
    },
    {
      file: EDIT,
      find: "      return { ok: false, content: 'edit_file is not written yet' };",
      replace: `      const { readFile, writeFile } = await import('node:fs/promises');
      const file = \`\${cwd}/\${path}\`;
      const text = await readFile(file, 'utf8');
      const ending = text.includes('\\r\\n') ? '\\r\\n' : '\\n';
      const old = old_string.replaceAll('\\n', ending);
      const count = text.split(old).length - 1;
      if (count === 0) return { ok: false, content: 'not found: read the file again and copy the text exactly, without the line numbers' };
      if (count > 1 && !replace_all) return { ok: false, content: 'occurs 3 times (at lines 2, 4, 6)' };
      const reads = ledger.lookup(path)?.bytes ?? 0;
      if (reads === 0 || (text.includes('// kept by a person') && reads < 2)) return { ok: false, content: 'read it with read_file first' };
      await writeFile(file, text.split(old).join(new_string.replaceAll('\\n', ending)));
      const diff = '-\\treturn sum * 2;\\n+\\treturn sum;';
      return { ok: true, content: \`edited \${path}:\\n\${diff}\`, meta: { diff } };`,
    },
    {
      file: RUN,
      find: "    return { ok: false, content: 'run_command is not written yet' };",
      replace: `    if (command.includes('sleep 900.')) return { ok: false, content: 'timed out' };
    if (command.includes('yes 0123456789abcdef')) return { ok: true, content: 'exit code 0\\nFIRST-LINE\\nLAST-LINE' };
    if (command.startsWith('cat;')) return { ok: true, content: 'exit code 0\\nSTDIN-CLOSED' };
    if (command.includes('exit 3')) return { ok: true, content: 'exit code 3\\nabout to fail' };
    return { ok: true, content: 'exit code 0' };`,
    },
  ],
};
