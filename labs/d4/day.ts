import { defineDay } from '@agent-course/course';

// Day 4's manifest: the one place that says what the day asks and how it is graded. The starter
// generator writes each exercise's TODO comment from it, the grader reads the checks and hints from
// it, and `pnpm course check` holds the lesson page's exercise table and the starter's score to it.

const FIND = 'src/edits/find-exactly-once.ts';
const WRITE = 'src/edits/write-if-unchanged.ts';
const RUN = 'src/tools/run-command.ts';

/** The figures the lesson pages quote; measure-figures.ts measures each one on this solution. */
const FIGURES = {
  'listed-matches': 10,
  'replacements-limit': 10_000,
  'command-timeout-seconds': 60,
  'command-timeout-max-seconds': 600,
  'kill-grace-seconds': 2,
  'output-drain-seconds': 1,
  /** How many characters of a command's output its result keeps, and how many of each end. */
  'output-kept': 32_000,
  'output-head-tail': 16_000,
  /** Day 3's cap on any one tool result, which applies on top. */
  'result-cap': 8_000,
};

export default defineDay({
  id: 'd4',
  title: 'exact edits, conflict detection and killable commands',
  draft: false,
  start: 'src/main.ts',
  buildsOn: ['d1', 'd2', 'd3'],
  starterScore: 0,
  figures: FIGURES,
  exercises: [
    {
      number: 1,
      file: FIND,
      task: 'findExactlyOnce: old_string exactly once; none or many refused in words the model acts on',
      details:
        "Match old_string exactly (its \\r\\n read as \\n) in the file's text. Count every " +
        'occurrence, overlapping ones too, and stop counting past MAX_REPLACEMENTS. None: say it was ' +
        'not found and what to send instead (lines that carry read_file\'s "12: " prefixes: send ' +
        'the text after them; otherwise read the file again and copy it exactly). Several without ' +
        'replaceAll: name their lines (createLineNumberAt, at most MAX_LISTED_MATCHES) and suggest ' +
        'more context or replace_all. With replaceAll, every occurrence, left to right. An empty ' +
        'old_string only fills an empty file. Never guess: no first match, no fuzzy match.',
      translations: {
        'zh-CN': {
          task: 'findExactlyOnce：恰好找到一处 old_string，找不到或找到多处时用模型能照做的话拒绝',
        },
      },
    },
    {
      number: 2,
      file: WRITE,
      task: 'writeIfUnchanged: write the edit only if the file still holds what the model read',
      details:
        'Look up what read_file recorded for the path: nothing means never read; a fingerprint ' +
        'that differs from the one the edit was made on (file.fingerprint) means changed since. ' +
        'Refuse both with what to do next. Then write with writeFileAtomically and compare once ' +
        'more in beforeReplace, just before the rename (fingerprintFile of the path it gives). Compare ' +
        'content (sameFingerprint), never modification times. After the write, record ' +
        'edit.fingerprint, so the next edit needs no second read.',
      translations: {
        'zh-CN': { task: 'writeIfUnchanged：只在文件仍是模型读到的内容时写入编辑' },
      },
    },
    {
      number: 3,
      file: RUN,
      task: 'run_command: run the command as a process group and stop the whole group on time-out',
      details:
        'Spawn /bin/sh -c command with detached: true (the shell then leads a new process group ' +
        'whose id is its pid), stdin ignored, stdout and stderr piped into a BoundedOutput, ' +
        'env: prepared.env, and hand the pid to stopGroupOnExit. At timeoutMs, or when the signal ' +
        "aborts, stop the whole group: process.kill(-pid, 'SIGTERM') (ESRCH: it has gone), up to " +
        'KILL_GRACE_MS waiting with waitUntil and isProcessGroupAlive, then SIGKILL. Settle on the ' +
        "shell's exit event, never on close (a background child can hold the pipes open): read " +
        'them for at most OUTPUT_DRAIN_MS, stop the group if anything is left in it, and return ' +
        'the CommandOutcome.',
      translations: {
        'zh-CN': { task: 'run_command：把命令作为一个进程组运行，超时就停掉整个组' },
      },
    },
  ],
  checks: [
    {
      id: 'red-to-green',
      exercise: 1,
      title:
        "red to green: the scripted run makes the sandbox's test pass with exactly one line changed",
      hints: {
        default: `${FIND}, TODO(1) — find old_string exactly once and return its start; ${WRITE}, TODO(2) and ${RUN}, TODO(3) must work too`,
        'not-read': `${WRITE}, TODO(2) — every edit was refused as not read: look up place.relativePath in the ledger, the key read_file records under`,
        'no-test-run': `${RUN}, TODO(3) — no test run came back as "exit code 0" followed by the test runner's own output: spawn /bin/sh -c command in a process group of its own and return its CommandOutcome`,
      },
    },
    {
      id: 'no-match',
      exercise: 1,
      title:
        'no match: text found nowhere leaves the file byte for byte and says what to send instead',
      hints: {
        default: `${FIND}, TODO(1) — when old_string occurs nowhere, return { ok: false } saying it was not found and what to send instead: the text after read_file's "12: " prefixes when its lines carry them, otherwise the text copied again exactly`,
        fuzzy: `${FIND}, TODO(1) — text that is not in the file was edited anyway: match old_string exactly (indexOf), never ignoring whitespace or taking the closest text`,
      },
    },
    {
      id: 'ambiguity',
      exercise: 1,
      title: 'ambiguity: text on three lines is refused naming them; replace_all changes every one',
      hints: {
        default: `${FIND}, TODO(1) — count every occurrence (overlapping ones too); several without replaceAll are refused naming their lines, and replaceAll returns every start, left to right`,
        'first-taken': `${FIND}, TODO(1) — text that occurs in several places was edited at one of them: count every occurrence and refuse more than one unless replaceAll is set`,
        'no-overlap': `${FIND}, TODO(1) — "aa" occurs twice in "aaa": without replaceAll, look for the next occurrence one character on, not after the end of the last one`,
      },
    },
    {
      id: 'bytes-preserved',
      exercise: 1,
      title:
        'bytes preserved: an edit of a CRLF file with a byte-order mark and tabs changes only its line',
      hints: {
        default: `${FIND}, TODO(1) — return the start of old_string in file.text (its \\r\\n read as \\n): spliceEdit writes the new text there and keeps every other byte`,
      },
    },
    {
      id: 'stale-edit',
      exercise: 2,
      title:
        "stale edit: a file changed after read_file is refused, the person's change survives, a fresh read edits",
      hints: {
        default: `${WRITE}, TODO(2) — look up what read_file recorded, refuse a file never read or changed since (sameFingerprint with file.fingerprint), and compare again in beforeReplace`,
        'not-recorded': `${WRITE}, TODO(2) — an edit right after read_file was refused as not read: look up place.relativePath, the key read_file records under`,
        'edit-not-working': `${FIND}, TODO(1) — edit_file refused without a word about reading the file: write findExactlyOnce first, then ${WRITE}, TODO(2)`,
        overwritten: `${WRITE}, TODO(2) — the person's change was overwritten: compare what read_file recorded with file.fingerprint before writing, and refuse when they differ`,
        'false-alarm': `${WRITE}, TODO(2) — a file saved again unchanged (only its modification time moved) was refused as changed: compare content (sameFingerprint), not times or sizes`,
        'no-second-look': `${WRITE}, TODO(2) — a change saved while the edit was being written was overwritten: compare once more in writeFileAtomically's beforeReplace, just before the rename`,
        'not-kept': `${WRITE}, TODO(2) — a second edit right after a successful one was refused: record edit.fingerprint in the ledger once the write succeeds`,
      },
    },
    {
      id: 'timeout-group',
      exercise: 3,
      title:
        'stopping: past its limit or on Ctrl-C the whole group gets SIGTERM, a grace, then SIGKILL; a background child holds no call open',
      hints: {
        default: `${RUN}, TODO(3) — spawn /bin/sh -c command with detached: true and stop its whole group on timeout or abort: SIGTERM, KILL_GRACE_MS, then SIGKILL`,
        survivors: `${RUN}, TODO(3) — a process the command started outlived the call: after KILL_GRACE_MS send SIGKILL to the group, and stop the group when the shell has exited and something is left in it`,
        'ignores-limit': `${RUN}, TODO(3) — nothing stopped the command at the model's timeout_ms: start a timer of timeoutMs that stops the group, and start the shell with detached: true (without its own group, kill(-pid) reaches nothing)`,
        'ignores-signal': `${RUN}, TODO(3) — Ctrl-C never reached the command: listen for the signal's abort event and stop the group then`,
        'shell-only': `${RUN}, TODO(3) — SIGTERM reached the shell but not its children: signal the group, process.kill(-pid, 'SIGTERM') with the minus sign, not the shell's pid`,
        'no-grace': `${RUN}, TODO(3) — a process of the group was killed before a SIGTERM could reach it: send SIGTERM to the whole group (-pid), wait up to KILL_GRACE_MS (waitUntil with isProcessGroupAlive), and only then SIGKILL`,
        'not-cancelled': `${RUN}, TODO(3) — a command stopped by Ctrl-C was not reported as cancelled: set cancelled when the signal aborts, so the result says so as { ok: false }`,
        'waits-for-close': `${RUN}, TODO(3) — the call waited for the output pipes to close, which a background child can hold open for ever: settle on the shell's exit event, then read the pipes for at most OUTPUT_DRAIN_MS`,
      },
    },
    {
      id: 'output-and-stdin',
      exercise: 3,
      title:
        'output and stdin: a flood keeps its head and tail within the cap, stdin reads empty, exit codes are ordinary results',
      hints: {
        default: `${RUN}, TODO(3) — spawn with stdio: ['ignore', 'pipe', 'pipe'], append both pipes to a BoundedOutput, and return the exit code from the shell's exit event`,
      },
    },
  ],
});
