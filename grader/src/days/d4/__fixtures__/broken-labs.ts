import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { KIT_ROOT } from '../../../beside-lab/kit-paths';
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

const FIND = 'src/edits/find-exactly-once.ts';
const WRITE = 'src/edits/write-if-unchanged.ts';
const EDIT = 'src/tools/edit-file.ts';
const READ = 'src/tools/read-file.ts';
const RUN = 'src/tools/run-command.ts';
const RUN_CALL = '    const ran = await runInProcessGroup({';
/** Where run_command's hint must point. */
const RUN_HINT = `${RUN}, TODO(3)`;

/**
 * edit_file counts the edited file's lines by reading it again through a path relative to the
 * grader's own folder rather than the tool's cwd, so it throws after the edit has been written.
 */
const REREADS_BY_RELATIVE_PATH = [
  {
    file: EDIT,
    find: "import { z } from 'zod';",
    replace: "import { readFile } from 'node:fs/promises';\nimport { z } from 'zod';",
  },
  {
    file: EDIT,
    find: "      const places = edit.replacements === 1 ? '1 place' : `${edit.replacements} places`;\n",
    replace: [
      "      const places = edit.replacements === 1 ? '1 place' : `${edit.replacements} places`;",
      "      const lines = (await readFile(relativePath, 'utf8')).split('\\n').length;",
      '',
    ].join('\n'),
  },
  {
    file: EDIT,
    find: '`edited ${relativePath} in ${places}:',
    replace: '`edited ${relativePath} (${lines} lines) in ${places}:',
  },
];
/**
 * Where REREADS_BY_RELATIVE_PATH throws: the line it adds after `const places`, one further down
 * for the import it adds, found in the solution rather than counted by hand.
 */
const PLACES_LINE =
  readFileSync(join(KIT_ROOT, 'solutions', 'd4', EDIT), 'utf8')
    .split('\n')
    .findIndex((line) => line.startsWith('      const places = edit.replacements === 1')) + 1;
const REREAD_THROWS_AT = `${EDIT}:${PLACES_LINE + 2} — this line threw`;

/** The region of findExactlyOnce, and the line of writeIfUnchanged's region it starts with. */
const FIND_REGION = '  // #region exercise 1\n';
const WRITE_REGION = '  // #region exercise 2\n';

/**
 * Each lab is the day-4 solution with one idea broken, the way a student might break it; each
 * must fail its check, which shows the check can fail at all.
 */
export const BROKEN_D4_LABS: BrokenD4Lab[] = [
  {
    name: 'd4-read-throws-before-recording',
    group: 'broken-labs',
    check: 'red-to-green',
    hint: 'src/tools/read-file.ts:',
    why: 'read_file throws where it records what it read, so the run cannot edit; the hint must name that line, not an exercise',
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
    why: "edit_file throws after a fresh edit has written; the hint must name edit_file's line, not writeIfUnchanged's TODO(2)",
    mutations: REREADS_BY_RELATIVE_PATH,
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
    name: 'd4-find-returns-no-place',
    group: 'broken-labs',
    check: 'no-match',
    hint: `${FIND}, TODO(1) — when old_string occurs nowhere`,
    why: 'findExactlyOnce answers text found nowhere with { ok: true } and no place, instead of a refusal',
    mutations: [
      {
        file: FIND,
        find: '  if (count === 0) {\n',
        replace: '  if (count === 0) return { ok: true, starts };\n  if (count === 0) {\n',
      },
    ],
  },
  {
    name: 'd4-refuses-every-edit',
    group: 'broken-labs',
    check: 'no-match',
    hint: `${FIND}, TODO(1) — when old_string occurs nowhere`,
    why: 'findExactlyOnce never finds: it answers every old_string as not found, with line-number advice when it sees "12: " prefixes, so only an edit of text that is there can tell',
    mutations: [
      {
        file: FIND,
        find: FIND_REGION,
        replace: `${FIND_REGION}  if (/^\\d+: /m.test(oldString)) {
    return refuse('old_string was not found: drop the line numbers read_file shows.');
  }
  return refuse('old_string was not found; read the file again and copy it exactly.');
`,
      },
    ],
  },
  {
    name: 'd4-ignores-whitespace',
    group: 'broken-labs',
    check: 'no-match',
    hint: 'never ignoring whitespace',
    why: 'findExactlyOnce falls back to the text with its indentation trimmed when the exact text occurs nowhere',
    mutations: [
      {
        file: FIND,
        find: FIND_REGION,
        replace: `${FIND_REGION}  const trimmed = oldString.trim();
  if (!text.includes(oldString) && trimmed !== '' && text.includes(trimmed)) {
    return { ok: true, starts: [text.indexOf(trimmed)] };
  }
`,
      },
    ],
  },
  {
    name: 'd4-takes-the-first-match',
    group: 'broken-labs',
    check: 'ambiguity',
    hint: 'edited at one of them',
    why: 'findExactlyOnce takes the first of several places without counting the others',
    mutations: [
      {
        file: FIND,
        find: FIND_REGION,
        replace: `${FIND_REGION}  const first = text.indexOf(oldString);
  if (first !== -1 && !replaceAll) return { ok: true, starts: [first] };
`,
      },
    ],
  },
  {
    name: 'd4-counts-without-overlap',
    group: 'broken-labs',
    check: 'ambiguity',
    hint: 'one character on',
    why: 'findExactlyOnce resumes after the end of each match, so "aa" occurs once in "aaa" and is edited',
    mutations: [
      {
        file: FIND,
        find: '    overlapping: !replaceAll,',
        replace: '    overlapping: false,',
      },
    ],
  },
  {
    name: 'd4-replace-all-ignored',
    group: 'broken-labs',
    check: 'ambiguity',
    hint: `${FIND}, TODO(1)`,
    why: 'replaceAll is never looked at, so an edit of several places is always refused',
    mutations: [
      { file: FIND, find: '  if (count > 1 && !replaceAll) {', replace: '  if (count > 1) {' },
    ],
  },
  {
    name: 'd4-find-skips-the-byte-order-mark',
    group: 'broken-labs',
    check: 'bytes-preserved',
    hint: `${FIND}, TODO(1)`,
    why: 'findExactlyOnce searches the text without its byte-order mark, so every place it gives is one character early',
    mutations: [
      {
        file: FIND,
        find: '  const starts = findOccurrences({\n    text,\n',
        replace: "  const starts = findOccurrences({\n    text: text.replace(/^\\uFEFF/, ''),\n",
      },
    ],
  },
  {
    name: 'd4-edit-without-diff',
    group: 'broken-labs',
    check: 'bytes-preserved',
    hint: `${FIND}, TODO(1)`,
    why: 'edit_file says it edited the file but returns no diff',
    mutations: [
      {
        file: EDIT,
        find: '          `edited ${relativePath} in ${places}:\\n${edit.diff.text}`,\n',
        replace: '          `edited ${relativePath} in ${places}`,\n',
      },
    ],
  },
  {
    name: 'd4-refreshes-before-comparing',
    group: 'broken-labs',
    check: 'stale-edit',
    hint: "the person's change was overwritten",
    why: 'writeIfUnchanged records the file as it is now before comparing, so nothing is ever stale',
    mutations: [
      {
        file: WRITE,
        find: WRITE_REGION,
        replace: `${WRITE_REGION}  if (ledger.lookup(relativePath)) ledger.record({ path: relativePath, fingerprint: file.fingerprint });
`,
      },
    ],
  },
  {
    name: 'd4-compares-modification-times',
    group: 'broken-labs',
    check: 'stale-edit',
    hint: 'not times',
    why: 'the edit refuses when the modification time moved since the read, so a save that changes nothing raises a false alarm',
    mutations: [
      {
        file: READ,
        find: '      if (read.read) ledger.record(read.read);\n',
        replace: `      if (read.read) ledger.record(read.read);
      if (read.read) readTimes.set(read.read.path, (await stat(join(cwd, path))).mtimeMs);
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
        file: WRITE,
        find: WRITE_REGION,
        replace: `${WRITE_REGION}  const changedAt = (await stat(place.absolutePath)).mtimeMs;
  if (changedAt !== readTimes.get(relativePath)) {
    return { ok: false, error: \`\${relativePath} changed since you last read it; read it again\` };
  }
`,
      },
      {
        file: WRITE,
        find: 'import { fingerprintFile',
        replace:
          "import { stat } from 'node:fs/promises';\nimport { readTimes } from '../tools/read-file';\nimport { fingerprintFile",
      },
    ],
  },
  {
    name: 'd4-compares-only-before-writing',
    group: 'broken-labs',
    check: 'stale-edit',
    hint: 'compare once more',
    why: 'writeIfUnchanged compares before writing and never again, so a save made while the edit is written is lost',
    mutations: [
      {
        file: WRITE,
        find: '    beforeReplace: async (currentPath) => {\n      const now = await fingerprintFile({ filePath: currentPath });\n      return now.ok && sameFingerprint(now.fingerprint, seen) ? undefined : changed;\n    },\n',
        replace: '',
      },
    ],
  },
  {
    name: 'd4-forgets-its-own-write',
    group: 'broken-labs',
    check: 'stale-edit',
    hint: 'record edit.fingerprint',
    why: 'writeIfUnchanged does not record what it wrote, so the next edit of the file is refused as changed',
    mutations: [
      {
        file: WRITE,
        find: '  ledger.record({ path: relativePath, fingerprint: edit.fingerprint });\n',
        replace: '',
      },
    ],
  },
  {
    name: 'd4-ignores-timeout',
    group: 'broken-labs',
    check: 'timeout-group',
    hint: `${RUN_HINT} — nothing stopped the command at the model's timeout_ms`,
    why: "run_command's timer waits the engine's 60 s default instead of the model's timeout_ms",
    mutations: [
      { file: RUN, find: '  }, timeoutMs);', replace: '  }, DEFAULT_COMMAND_TIMEOUT_MS);' },
    ],
  },
  {
    name: 'd4-ignores-signal',
    group: 'broken-labs',
    check: 'timeout-group',
    hint: `${RUN_HINT} — Ctrl-C never reached the command`,
    why: "run_command never listens for the run's signal, so Ctrl-C never reaches the command",
    mutations: [
      {
        file: RUN,
        find: "  signal.addEventListener('abort', onAbort, { once: true });\n",
        replace: '',
      },
    ],
  },
  {
    name: 'd4-signals-the-shell-only',
    group: 'broken-labs',
    check: 'timeout-group',
    hint: `${RUN_HINT} — SIGTERM reached the shell but not its children`,
    why: "run_command signals the shell's pid instead of its process group, and leaves the rest to the engine's stray sweep, which cannot see a grandchild with an empty environment",
    mutations: [
      { file: RUN, find: 'process.kill(-groupId, name);', replace: 'process.kill(groupId, name);' },
    ],
  },
  {
    name: 'd4-kills-without-grace',
    group: 'broken-labs',
    check: 'timeout-group',
    hint: `${RUN_HINT} — a process of the group was killed before a SIGTERM could reach it`,
    why: 'run_command sends SIGKILL to the group at once, so no process gets to clean up',
    mutations: [
      {
        file: RUN,
        find: "      signalGroup('SIGTERM');\n",
        replace: "      signalGroup('SIGKILL');\n",
      },
    ],
  },
  {
    name: 'd4-waits-for-close',
    group: 'broken-labs',
    check: 'timeout-group',
    hint: `${RUN_HINT} — the call waited for the output pipes to close`,
    why: "run_command settles on the shell's close event, which a background child holding the output pipe puts off for as long as it runs",
    mutations: [
      { file: RUN, find: "await once(shell, 'exit')", replace: "await once(shell, 'close')" },
    ],
  },
  {
    name: 'd4-walks-the-process-tree',
    group: 'broken-labs',
    check: 'timeout-group',
    hint: 'signal the group',
    why: "run_command starts no group of its own and stops the shell's children found with ps, so an orphan still in the group never hears of it",
    // As a student trial wrote it after reading the grader: it scored 7/7 while the signal
    // recorders were the shell's own children.
    mutations: [
      { file: RUN, find: '    detached: true,', replace: '    detached: false,' },
      {
        file: RUN,
        find: "import { spawn } from 'node:child_process';",
        replace: "import { execFileSync, spawn } from 'node:child_process';",
      },
      {
        file: RUN,
        find: `  const stopGroup = () =>
    (stopping ??= (async () => {
      signalGroup('SIGTERM');
      signalGroup('SIGCONT'); // a stopped process acts on SIGTERM only once it is continued
      if (await waitUntil({ done: groupGone, waitMs: KILL_GRACE_MS })) return;
      signalGroup('SIGKILL');
      await waitUntil({ done: groupGone, waitMs: KILL_WAIT_MS });
    })());`,
        replace: `  // The shell and every descendant ps lists now, instead of a process group.
  const tree = () => {
    const rows = execFileSync('ps', ['-A', '-o', 'pid=,ppid=,stat='], { encoding: 'utf8' })
      .trim()
      .split('\\n')
      .map((line) => line.trim().split(/\\s+/))
      .filter((row) => !row[2]!.startsWith('Z'));
    const found = new Set([groupId]);
    for (let grew = true; grew; ) {
      grew = false;
      for (const [id, parent] of rows) {
        if (!found.has(Number(parent)) || found.has(Number(id))) continue;
        found.add(Number(id));
        grew = true;
      }
    }
    return [...found];
  };
  const alive = (id: number) => {
    try {
      process.kill(id, 0);
      return true;
    } catch {
      return false;
    }
  };
  const send = (ids: number[], name: NodeJS.Signals) => {
    for (const id of ids) if (alive(id)) process.kill(id, name);
  };
  const stopGroup = () =>
    (stopping ??= (async () => {
      const snapshot = tree();
      const treeGone = () => !snapshot.some(alive);
      send(snapshot, 'SIGTERM');
      if (await waitUntil({ done: treeGone, waitMs: KILL_GRACE_MS })) return;
      send(snapshot, 'SIGKILL');
      await waitUntil({ done: treeGone, waitMs: KILL_WAIT_MS });
    })());`,
      },
    ],
  },
  {
    name: 'd4-never-says-cancelled',
    group: 'broken-labs',
    check: 'timeout-group',
    hint: 'not reported as cancelled',
    why: 'run_command stops the group on Ctrl-C but never sets cancelled, so the model reads an ordinary exit',
    mutations: [{ file: RUN, find: '    cancelled = true;\n', replace: '' }],
  },
  {
    name: 'd4-unbounded-output',
    group: 'broken-labs',
    check: 'output-and-stdin',
    hint: RUN_HINT,
    why: 'the output is kept whole, however much the command prints',
    mutations: [
      {
        file: RUN,
        find: 'new BoundedOutput(MAX_COMMAND_OUTPUT_CHARS)',
        replace: 'new BoundedOutput(10_000_000)',
      },
    ],
  },
];
