// The bounds of the workspace engines, in one place. Each one exists so that the worst input a
// model or a repository can produce still costs a known amount of time and memory.

const MEGABYTE = 1024 * 1024;

/**
 * The largest file an edit may change, and so the most a recorded read ever hashes. Hand-written
 * source stays far below it (one of the largest well-known files, TypeScript's checker.ts, is
 * about 3 MB); past it lie logs, data dumps and generated bundles, which are regenerated rather
 * than edited. Hashing 4 MB takes milliseconds, and an edit holds about two copies of the file.
 */
export const MAX_EDITABLE_BYTES = 4 * MEGABYTE;

/** Lines of unchanged text shown around each change in a diff, as `diff -U3` and git do. */
export const DIFF_CONTEXT_LINES = 3;

/** The most lines a diff shows, headers included: a card in the terminal, not the whole file. */
export const MAX_DIFF_LINES = 80;

/** A longer diff line is cut: one line of minified code can run to hundreds of kilobytes. */
export const MAX_DIFF_LINE_CHARS = 200;

/** The most places an ambiguous match lists by line number; the rest are counted. */
export const MAX_LISTED_MATCHES = 10;

/**
 * How long a command may run when the caller sets no limit. A test suite or a build usually fits
 * in a minute; codex's 10 s stops many of them half-way, and Claude Code's 120 s leaves a hung
 * command (a watcher, a server, a prompt) blocking the conversation for two minutes.
 */
export const DEFAULT_COMMAND_TIMEOUT_MS = 60_000;

/** The longest a caller may ask for: a full build or a slow test suite, as Claude Code allows. */
export const MAX_COMMAND_TIMEOUT_MS = 600_000;

/**
 * Between SIGTERM and SIGKILL: long enough for a test runner to flush its report or remove its
 * temporary files, short enough that a process ignoring SIGTERM costs the user little waiting.
 */
export const KILL_GRACE_MS = 2_000;

/**
 * After the command's own process exits, how long to keep reading its output pipes. Output it
 * wrote before exiting is already in the pipe and arrives within milliseconds; a background
 * process it left behind may hold the pipe open for ever, so waiting for the pipe to close
 * (the `close` event) could hang the call. codex drains for 2 s; 1 s is ample for a pipe buffer.
 */
export const OUTPUT_DRAIN_MS = 1_000;

/** How often a process group is checked for living members while it is being stopped. */
export const GROUP_POLL_MS = 25;

/**
 * After SIGKILL, how long to wait for the group's members to disappear. SIGKILL cannot be caught,
 * so only a process stuck in the kernel (uninterruptible I/O) outlives it; the call returns anyway.
 */
export const KILL_WAIT_MS = 1_000;

/**
 * Characters of a command's output kept in memory: the first half and the last half. The start
 * says what ran, the end holds the summary and the error that stopped it; the middle of a flood
 * (a verbose build, `yes`) is counted, not kept. The caller's own result budget cuts further.
 */
export const MAX_COMMAND_OUTPUT_CHARS = 32_000;

/**
 * The most places one replace-all may change. It bounds the memory an edit plans with; a change
 * in more places than this is a mechanical rewrite, better done by a command such as sed.
 */
export const MAX_REPLACEMENTS = 10_000;
