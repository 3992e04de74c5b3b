import { insertAfter } from '../../../fixture-lab';
import type { FixtureLab } from '../../../fixture-lab';

/** A broken day-4 lab, the one check it must fail, and where that check's hint must point. */
export interface BrokenD4Lab extends FixtureLab {
  /** The id of the check this lab must fail. */
  check: string;
  /** Text the failing check's hint must contain. */
  hint: string;
  /** Text the hint must not contain: a TODO it would be wrong to blame. */
  notInHint?: string;
}

const EDIT = 'src/tools/edit-file.ts';
const READ = 'src/tools/read-file.ts';
const RUN = 'src/tools/run-command.ts';
const EDIT_CALL = '      const edited = await editFile({';
const REFUSAL = '      if (!edited.ok) return { ok: false, content: edited.error };';
const RUN_CALL =
  '    const ran = await runCommand({ command, cwd, timeoutMs: timeout_ms, signal });';

/**
 * edit_file counts the edited file's lines by reading it again through a path relative to the
 * grader's own folder rather than the tool's cwd, so it throws after editFile has written.
 */
const REREADS_BY_RELATIVE_PATH = [
  {
    file: EDIT,
    find: "import { z } from 'zod';",
    replace: "import { readFile } from 'node:fs/promises';\nimport { z } from 'zod';",
  },
  {
    file: EDIT,
    find: "      const places = edited.replacements === 1 ? '1 place' : `${edited.replacements} places`;\n",
    replace: [
      "      const places = edited.replacements === 1 ? '1 place' : `${edited.replacements} places`;",
      "      const lines = (await readFile(place.relativePath, 'utf8')).split('\\n').length;",
      '',
    ].join('\n'),
  },
  {
    file: EDIT,
    find: 'content: `edited ${place.relativePath} in ${places}:',
    replace: 'content: `edited ${place.relativePath} (${lines} lines) in ${places}:',
  },
];
/** Where REREADS_BY_RELATIVE_PATH throws, and the TODO owning that line. */
const REREAD_THROWS_AT = `${EDIT}:72, TODO(1) — this line threw`;

/**
 * Each lab is the day-4 solution with one idea broken, the way a student might break it; each
 * must fail its check, which shows the check can fail at all.
 */
export const BROKEN_D4_LABS: BrokenD4Lab[] = [
  {
    name: 'd4-read-throws-before-recording',
    group: 'broken-labs',
    check: 'red-to-green',
    hint: 'src/tools/read-file.ts:40, TODO(2)',
    why: 'read_file throws where it should record what it read, so the run cannot edit; the hint must name that line, not edit_file',
    mutations: [
      {
        file: READ,
        find: '      if (read.read) ledger.record(read.read);\n',
        replace: "      if (read.read) throw new Error('the ledger is not ready');\n",
      },
    ],
  },
  {
    name: 'd4-edit-rereads-by-relative-path',
    group: 'broken-labs',
    check: 'red-to-green',
    hint: REREAD_THROWS_AT,
    notInHint: 'TODO(3)',
    why: "edit_file throws after writing, so the scripted run never reaches its test run; the hint must name edit_file's line, not run_command",
    mutations: REREADS_BY_RELATIVE_PATH,
  },
  {
    name: 'd4-edit-rereads-by-relative-path-stale',
    group: 'broken-labs',
    check: 'stale-edit',
    hint: REREAD_THROWS_AT,
    notInHint: 'TODO(2)',
    why: "edit_file throws after a fresh edit has written; the hint must name edit_file's line, not read_file's TODO(2)",
    mutations: REREADS_BY_RELATIVE_PATH,
  },
  {
    name: 'd4-read-records-nothing',
    group: 'broken-labs',
    check: 'red-to-green',
    hint: 'TODO(2)',
    why: 'read_file never records what it read, so every edit of the run is refused',
    mutations: [
      { file: READ, find: '      if (read.read) ledger.record(read.read);\n', replace: '' },
    ],
  },
  {
    name: 'd4-weakens-the-test',
    group: 'broken-labs',
    check: 'red-to-green',
    hint: 'TODO(1)',
    why: 'edit_file writes a wrong fix, and run_command strips the assertions from the test files before it runs them',
    mutations: [
      {
        file: EDIT,
        find: '        newString: new_string,',
        replace: "        newString: new_string.replace(' / ', ' - '),",
      },
      {
        file: RUN,
        find: RUN_CALL,
        replace: `    for (const file of await readdir(join(cwd, 'test')).catch(() => [])) {
      const test = join(cwd, 'test', file);
      await writeFile(test, (await readFile(test, 'utf8')).replace(/assert\\.equal\\(.*\\);/g, ''));
    }
${RUN_CALL}`,
      },
      {
        file: RUN,
        find: 'import type { ToolDef',
        replace:
          "import { readdir, readFile, writeFile } from 'node:fs/promises';\nimport { join } from 'node:path';\nimport type { ToolDef",
      },
    ],
  },
  {
    name: 'd4-read-without-fingerprint',
    group: 'broken-labs',
    check: 'stale-edit',
    hint: 'fingerprint: true',
    why: 'read_file records read.read but reads without fingerprint: true, so there is nothing to record',
    mutations: [{ file: READ, find: ', signal, fingerprint: true });', replace: ', signal });' }],
  },
  {
    name: 'd4-refusal-as-success',
    group: 'broken-labs',
    check: 'no-match',
    hint: 'TODO(1)',
    why: 'a refused edit is reported as { ok: true }',
    mutations: [
      {
        file: EDIT,
        find: REFUSAL,
        replace: '      if (!edited.ok) return { ok: true, content: edited.error };',
      },
    ],
  },
  {
    name: 'd4-refuses-every-edit',
    group: 'broken-labs',
    check: 'no-match',
    hint: "TODO(1) — return editFile's refusal",
    why: 'edit_file never edits: it answers every old_string as not found, with line-number advice when it sees "12: " prefixes, so only an edit of text that is there can tell',
    mutations: [
      insertAfter({
        file: EDIT,
        anchor: '      // #region exercise 1\n',
        text: `      if (/^\\d+: /m.test(old_string)) {
        return { ok: false, content: 'old_string was not found: drop the line numbers read_file shows.' };
      }
      return { ok: false, content: 'old_string was not found; read the file again and copy it exactly.' };
`,
      }),
    ],
  },
  {
    name: 'd4-replace-all-ignored',
    group: 'broken-labs',
    check: 'ambiguity',
    hint: 'TODO(1)',
    why: 'replace_all is never passed on, so an edit of several places is always refused',
    mutations: [
      { file: EDIT, find: 'replaceAll: replace_all ?? false,', replace: 'replaceAll: false,' },
    ],
  },
  {
    name: 'd4-writes-lf-endings',
    group: 'broken-labs',
    check: 'bytes-preserved',
    hint: 'TODO(1)',
    why: 'after the edit the file is written back with \\n endings, as a text-based tool would',
    mutations: [
      {
        file: EDIT,
        find: REFUSAL,
        replace: `${REFUSAL}
      const written = await readFile(place.absolutePath, 'utf8');
      await writeFile(place.absolutePath, written.replaceAll('\\r\\n', '\\n'));`,
      },
      {
        file: EDIT,
        find: 'import type { ToolDef }',
        replace: "import { readFile, writeFile } from 'node:fs/promises';\nimport type { ToolDef }",
      },
    ],
  },
  {
    name: 'd4-refreshes-before-editing',
    group: 'broken-labs',
    check: 'stale-edit',
    hint: EDIT,
    why: 'edit_file records the file as it is now before editing, so nothing is ever stale',
    mutations: [
      {
        file: EDIT,
        find: EDIT_CALL,
        replace: `      const now = await fingerprintFile({ filePath: place.absolutePath });
      if (now.ok) ledger.record({ path: place.relativePath, fingerprint: now.fingerprint });
${EDIT_CALL}`,
      },
      { file: EDIT, find: '  editFile,\n', replace: '  editFile,\n  fingerprintFile,\n' },
    ],
  },
  {
    name: 'd4-compares-modification-times',
    group: 'broken-labs',
    check: 'stale-edit',
    hint: 'not times',
    why: 'edit_file refuses when the modification time moved since the read, so a save that changes nothing raises a false alarm',
    mutations: [
      {
        file: READ,
        find: '      if (read.read) ledger.record(read.read);\n',
        replace: `      if (read.read) ledger.record(read.read);
      if (read.read) readTimes.set(path, (await stat(join(cwd, path))).mtimeMs);
`,
      },
      {
        file: READ,
        find: 'import type { ToolDef }',
        replace: `import { stat } from 'node:fs/promises';
import { join } from 'node:path';
export const readTimes = new Map<string, number>();
import type { ToolDef }`,
      },
      {
        file: EDIT,
        find: EDIT_CALL,
        replace: `      const changedAt = (await stat(place.absolutePath)).mtimeMs;
      if (changedAt !== readTimes.get(path)) {
        return { ok: false, content: \`\${path} changed since you last read it; read it again\` };
      }
${EDIT_CALL}`,
      },
      {
        file: EDIT,
        find: 'import type { ToolDef }',
        replace:
          "import { stat } from 'node:fs/promises';\nimport { readTimes } from './read-file';\nimport type { ToolDef }",
      },
    ],
  },
  {
    name: 'd4-edit-without-diff',
    group: 'broken-labs',
    check: 'bytes-preserved',
    hint: 'show the diff',
    why: 'edit_file says it edited the file but returns no diff',
    mutations: [
      {
        file: EDIT,
        find: '        content: `edited ${place.relativePath} in ${places}:\\n${edited.diff.text}`,\n        meta: { diff: edited.diff.text },\n',
        replace: '        content: `edited ${place.relativePath} in ${places}`,\n',
      },
    ],
  },
  {
    name: 'd4-ignores-timeout',
    group: 'broken-labs',
    check: 'timeout-group',
    hint: 'timeout_ms never reached runCommand',
    why: "run_command leaves out the model's timeout_ms, so the engine's 60 s default applies",
    mutations: [
      {
        file: RUN,
        find: RUN_CALL,
        replace: '    const ran = await runCommand({ command, cwd, signal });',
      },
    ],
  },
  {
    name: 'd4-ignores-signal',
    group: 'broken-labs',
    check: 'timeout-group',
    hint: "pass the run's signal",
    why: 'run_command leaves out the run signal, so Ctrl-C never reaches the command',
    mutations: [
      {
        file: RUN,
        find: RUN_CALL,
        replace: '    const ran = await runCommand({ command, cwd, timeoutMs: timeout_ms });',
      },
    ],
  },
  {
    name: 'd4-kills-only-the-shell',
    group: 'broken-labs',
    check: 'timeout-group',
    hint: 'TODO(3)',
    why: 'the command runs with a plain time limit that signals the shell, not its process group',
    mutations: [
      {
        file: RUN,
        find: RUN_CALL,
        replace: `    const started = Date.now();
    const limit = timeout_ms ?? DEFAULT_COMMAND_TIMEOUT_MS;
    const plain = spawnSync('/bin/sh', ['-c', command], { cwd, timeout: limit, stdio: 'ignore' });
    const ran: CommandOutcome = {
      ok: true,
      exitCode: plain.status ?? undefined,
      exitSignal: plain.signal ?? undefined,
      timedOut: plain.signal !== null,
      cancelled: false,
      stoppedLeftovers: false,
      output: '',
      outputChars: 0,
      cutChars: 0,
      durationMs: Date.now() - started,
    };`,
      },
      {
        file: RUN,
        find: 'import type { ToolDef',
        replace: "import { spawnSync } from 'node:child_process';\nimport type { ToolDef",
      },
    ],
  },
  {
    name: 'd4-unbounded-output',
    group: 'broken-labs',
    check: 'output-and-stdin',
    hint: 'TODO(3)',
    why: 'the output is kept whole, however much the command prints',
    mutations: [
      {
        file: RUN,
        find: RUN_CALL,
        replace:
          '    const ran = await runCommand({ command, cwd, timeoutMs: timeout_ms, signal, maxOutputChars: 10_000_000 });',
      },
    ],
  },
];
