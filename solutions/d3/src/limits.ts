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
 * How long grep's regular expression may run, summed over the whole search. Most expressions scan
 * megabytes in milliseconds; one with nested quantifiers such as (a+)+ can backtrack for hours on a
 * single line, and JavaScript cannot interrupt a running expression without a time-limited call.
 */
export const GREP_TIME_LIMIT_MS = 2000;

/**
 * grep searches files in batches, one time-limited call per batch. The first batch is small, so a
 * search that fills its limit in the first files stops reading early; each next batch doubles, up
 * to the largest, so a search through thousands of files makes only a few calls.
 */
export const GREP_FIRST_BATCH_CHARS = 16 * 1024;

/** The largest batch of file text grep searches in one time-limited call. */
export const GREP_MAX_BATCH_CHARS = 1024 * 1024;

/** How much of a file's start is checked for a NUL byte, the sign of a binary file. */
export const BINARY_SNIFF_BYTES = 8192;

/** Folders no tool walks into, at any depth: installed packages, git's own files, build output. */
export const SKIPPED_FOLDERS = ['node_modules', '.git', 'dist'] as const;
