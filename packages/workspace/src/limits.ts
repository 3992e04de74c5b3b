// The bounds of the workspace engines, in one place. Each one exists so that the worst input a
// model or a repository can produce still costs a known amount of time and memory. The read-only
// tools' bounds come first: an unbounded read would flood the context the conversation is resent with.

const MEGABYTE = 1024 * 1024;

/**
 * The most folder entries one glob or grep call walks past. A walk costs time and memory for every
 * entry, matching or not (a million entries took 3 s and 200 MB), so a huge tree is cut with a
 * note instead of walked whole; 200,000 is more than most repositories hold outside node_modules.
 */
export const MAX_WALKED_ENTRIES = 200_000;

/** Lines read_file returns when the model gives no limit: the opening usually says where to look. */
export const DEFAULT_READ_LINES = 400;

/** The most lines one read_file call may ask for. */
export const MAX_READ_LINES = 2000;

/**
 * read_file counts a file's lines to say "of N", which means reading to its end. Past this many
 * bytes it stops counting: nearly every source file is smaller and gets its exact count, while
 * reading the start of a multi-gigabyte log costs what a small file does.
 */
export const MAX_COUNTED_BYTES = 256 * 1024;

/** A longer line is cut: one line of minified code can run to hundreds of thousands of characters. */
export const MAX_LINE_CHARS = 500;

/** Paths glob returns when the model gives no limit. */
export const DEFAULT_GLOB_LIMIT = 200;

/** The most paths one glob call may ask for. */
export const MAX_GLOB_LIMIT = 1000;

/** Matching lines grep returns when the model gives no limit. */
export const DEFAULT_GREP_LIMIT = 50;

/** The most matching lines one grep call may ask for. */
export const MAX_GREP_LIMIT = 500;

/** A matching line is cut to this many characters: enough to recognise it, then read_file it. */
export const MAX_GREP_LINE_CHARS = 120;

/** grep skips larger files (logs, data dumps); read_file pages through them instead. */
export const MAX_GREP_FILE_BYTES = 20 * MEGABYTE;

/**
 * The most bytes one read_file call reads, however far the offset or however long a line: a
 * window still incomplete there is returned as far as it got, with a note. It equals the largest
 * file grep searches, so any line grep can report, read_file can reach.
 */
export const MAX_READ_SCAN_BYTES = MAX_GREP_FILE_BYTES;

/**
 * How long grep may spend on one file. The expression engine runs in linear time, but a 20 MB file
 * and an expression with no fixed text to look for can still take seconds; such a file is skipped
 * and named, and the search goes on.
 */
export const GREP_FILE_TIME_LIMIT_MS = 1000;

/**
 * How long one grep call may search in all. When it runs out, grep returns what it found with a
 * note that the search was cut, so a heavy search of a huge tree still answers.
 */
export const GREP_SEARCH_TIME_LIMIT_MS = 10_000;

/**
 * grep searches files in batches, one time-limited call per batch, since each call starts a
 * watchdog. A batch that runs out of time is not a slow file yet: the file it was in is searched
 * again alone, with the whole per-file limit.
 */
export const GREP_MAX_BATCH_CHARS = 1024 * 1024;

/** The longest grep expression accepted: longer ones are programs, not searches. */
export const MAX_GREP_PATTERN_CHARS = 1000;

/** The longest glob pattern or grep include accepted; real paths are far shorter. */
export const MAX_GLOB_PATTERN_CHARS = 1000;

/**
 * The most alternatives a glob's braces may expand to: "{a,b}" sixteen times is 65,536 patterns,
 * each of which would have to be checked and matched.
 */
export const MAX_GLOB_ALTERNATIVES = 256;

/** The most "*" a glob may hold; real patterns use two or three. */
export const MAX_GLOB_STARS = 24;

/** How much of a file's start is checked for a NUL byte, the sign of a binary file. */
export const BINARY_SNIFF_BYTES = 8192;

/** Folders no tool walks into, at any depth: installed packages, git's own files, build output. */
export const SKIPPED_FOLDERS = ['node_modules', '.git', 'dist'] as const;

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

/**
 * The longest command line accepted, in UTF-8 bytes. Linux refuses a single argument over 128 KiB
 * (MAX_ARG_STRLEN) and `sh -c` passes the command as one; a script that long belongs in a file.
 */
export const MAX_COMMAND_BYTES = 100_000;

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

/** The longest single name in a folder (NAME_MAX on Linux and macOS), in bytes. */
export const MAX_NAME_BYTES = 255;

/**
 * How old a dead writer's temporary file must be before a write removes it. A write keeps its
 * temporary file for the moment between its last byte and the rename; a pid that shows as gone may
 * still belong to a live writer in another process namespace (a container sharing the folder), and
 * a minute is far longer than any write of MAX_EDITABLE_BYTES takes.
 */
export const LEFTOVER_TEMPORARY_AGE_MS = 60_000;

/**
 * The most folder entries a write looks through for leftover temporary files. Every write scans its
 * folder, so a folder of a million files would make every edit in it slow; past this many the
 * rest are left for a later write, which may see them first.
 */
export const MAX_LEFTOVER_SCAN_ENTRIES = 20_000;
