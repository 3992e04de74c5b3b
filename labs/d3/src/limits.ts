// The bounds of the read-only tools, in one place. Each one exists because an unbounded read
// would flood the context the whole conversation is resent with.

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
export const MAX_GREP_FILE_BYTES = 20 * 1024 * 1024;

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
