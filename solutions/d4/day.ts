import { defineDay } from '@agent-course/course';

// Day 4's manifest: the one place that says what the day asks and how it is graded. The starter
// generator writes each exercise's TODO comment from it, the grader reads the checks and hints from
// it, and `pnpm course check` holds the lesson page's exercise table and the starter's score to it.

const EDIT = 'src/tools/edit-file.ts';
const READ = 'src/tools/read-file.ts';
const RUN = 'src/tools/run-command.ts';

export default defineDay({
  id: 'd4',
  title: 'exact edits, conflict detection and killable commands',
  draft: false,
  start: 'src/main.ts',
  starterScore: 0,
  exercises: [
    {
      number: 1,
      file: EDIT,
      task: 'edit_file: replace exactly once inside the boundary, and show the diff',
      details:
        'Resolve the path with resolveInsideWorkspace and return its error as { ok: false }. Hand ' +
        'the rest to editFile with the ledger (replaceAll defaults to false): it refuses text that ' +
        'occurs nowhere or in several places, a file not read or changed since, and writes ' +
        'atomically, keeping line endings, byte-order mark and tabs. Return a refusal as ' +
        '{ ok: false, content: error }; on success say how many places changed, then the diff ' +
        'text, and put the diff in meta.diff for the terminal.',
      translations: { 'zh-CN': { task: 'edit_file：在边界内只替换恰好一处，并展示 diff' } },
    },
    {
      number: 2,
      file: READ,
      task: 'read_file: record a fingerprint of what the model read, so a stale edit is refused',
      details:
        'Ask readWorkspaceFile for a fingerprint (fingerprint: true): it hashes the whole file ' +
        'through the descriptor it reads the lines from. When the answer carries read, record it ' +
        'in the ledger with ledger.record(read.read). edit_file compares the file with that ' +
        'fingerprint before writing; a content hash, unlike a modification time, never gives a ' +
        'false alarm and never misses a same-second change.',
      translations: { 'zh-CN': { task: 'read_file：记录模型读到内容的指纹，让过期编辑被拒绝' } },
    },
    {
      number: 3,
      file: RUN,
      task: 'run_command: stop the whole process group on timeout and report how it ended',
      details:
        'Call runCommand with the command, cwd, timeout_ms and the signal: it starts the command ' +
        'in a process group of its own with stdin closed, stops the whole group on timeout or ' +
        'Ctrl-C (SIGTERM, a grace, SIGKILL) and keeps the head and tail of the output. Return its ' +
        'error as { ok: false }, and otherwise describeOutcome({ outcome, timeoutMs }), whose ' +
        'header gives the exit code, whether it timed out and the duration.',
      translations: { 'zh-CN': { task: 'run_command：超时时停掉整个进程组，并报告命令如何结束' } },
    },
  ],
  checks: [
    {
      id: 'red-to-green',
      exercise: 1,
      title:
        "red to green: the scripted run makes the sandbox's test pass with exactly one line changed",
      hints: {
        default: `${EDIT}, TODO(1) — hand the edit to editFile with the ledger and return its diff; ${READ}, TODO(2) and ${RUN}, TODO(3) must work too`,
        'not-read': `${READ}, TODO(2) — every edit was refused as not read: read with fingerprint: true (without it read.read has no fingerprint to compare) and record read.read in the ledger`,
        'no-test-run': `${RUN}, TODO(3) — no test run came back as "exit code 0" followed by the test runner's own output: run the command with runCommand and return describeOutcome`,
      },
    },
    {
      id: 'no-match',
      exercise: 1,
      title:
        'no match: text found nowhere leaves the file byte for byte and says what to send instead',
      hints: {
        default: `${EDIT}, TODO(1) — return editFile's refusal as { ok: false, content: error } and never write`,
      },
    },
    {
      id: 'ambiguity',
      exercise: 1,
      title: 'ambiguity: text on three lines is refused naming them; replace_all changes every one',
      hints: {
        default: `${EDIT}, TODO(1) — pass replace_all on as replaceAll (false when absent) and return the refusal naming the lines`,
      },
    },
    {
      id: 'bytes-preserved',
      exercise: 1,
      title:
        'bytes preserved: an edit of a CRLF file with a byte-order mark and tabs changes only its line',
      hints: {
        default: `${EDIT}, TODO(1) — let editFile write: it splices the new text into the bytes it read instead of re-encoding the file`,
        'no-diff': `${EDIT}, TODO(1) — show the diff: put editFile's diff.text in the result's text and in meta: { diff }`,
      },
    },
    {
      id: 'stale-edit',
      exercise: 2,
      title:
        "stale edit: a file changed after read_file is refused, the person's change survives, a fresh read edits",
      hints: {
        default: `${READ}, TODO(2) — read with fingerprint: true and record read.read in the ledger`,
        'not-recorded': `${READ}, TODO(2) — an edit right after read_file was refused as not read: read with fingerprint: true (without it read.read has no fingerprint to compare) and record read.read in the ledger`,
        'edit-not-working': `${EDIT}, TODO(1) — edit_file refused without a word about reading the file: write edit_file first (editFile with the ledger), then ${READ}, TODO(2)`,
        overwritten: `${EDIT}, TODO(1) — the person's change was overwritten: edit through editFile with the ledger, which compares before writing`,
        'false-alarm': `${EDIT}, TODO(1) — a file saved again unchanged (only its modification time moved) was refused as changed: compare content, as editFile does with the fingerprint read_file recorded, not times or sizes`,
      },
    },
    {
      id: 'timeout-group',
      exercise: 3,
      title:
        'timeout: a command past its limit is reported as timed out and no process it started survives',
      hints: {
        default: `${RUN}, TODO(3) — call runCommand with timeoutMs: timeout_ms and return describeOutcome: it stops the whole process group`,
        survivors: `${RUN}, TODO(3) — a process the command started outlived the timeout: stop the process group (runCommand does), not only the shell`,
        'ignores-limit': `${RUN}, TODO(3) — the model's timeout_ms never reached runCommand: pass it on as timeoutMs: timeout_ms`,
        'ignores-signal': `${RUN}, TODO(3) — Ctrl-C never reached the command: pass the run's signal (from the tool's context) on to runCommand as signal`,
      },
    },
    {
      id: 'output-and-stdin',
      exercise: 3,
      title:
        'output and stdin: a flood keeps its head and tail within the cap, stdin reads empty, exit codes are ordinary results',
      hints: {
        default: `${RUN}, TODO(3) — call runCommand (stdin closed, output bounded) and return describeOutcome({ outcome, timeoutMs })`,
      },
    },
  ],
});
