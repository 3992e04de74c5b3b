/**
 * The time limit of one check in a student's own grade, unless --timeout says otherwise: the CPU
 * time its process group may use, and the time it may sit idle. Both are immune to a busy machine,
 * unlike wall-clock time. A batch grades with the class's limit instead (CLASS_LIMITS), as the
 * autograders do, which is more, so what passes here passes there.
 */
export const DEFAULT_TIMEOUT_SECONDS = 10;

/**
 * The wall-clock backstop, as a multiple of the time limit: for what CPU and idle time cannot see.
 * Generous, because a check starved of CPU on a busy machine is slow without being wrong.
 */
export const WALL_BACKSTOP_FACTOR = 12;

/** How often a bounded process group's CPU time and state are read. */
export const USAGE_SAMPLE_INTERVAL_MS = 200;

/** How often every process on the machine is looked at to find a check group's members. */
export const MEMBER_SCAN_INTERVAL_MS = 1000;

/**
 * How long after a process group starts its CPU time and state are first read. Most check
 * processes end sooner, and reading /proc takes CPU from the very processes being graded. CPU time
 * is counted from the start whenever it is read, so none is missed; a limit acts at most this late.
 */
export const FIRST_USAGE_READ_MS = 1000;

/** After asking a timed-out check to stop, how long to wait before killing it outright. */
export const KILL_GRACE_MS = 300;

/**
 * After a bounded process has exited, how long its output pipes may stay open before the grader
 * closes them: long enough to read what it wrote; a process it started that escaped its group and
 * tag can otherwise hold them, and the grade, open for as long as it likes.
 */
export const OUTPUT_DRAIN_MS = 1000;

/** How much of a check process's stderr is kept to explain a crash; student code may flood it. */
export const STDERR_TAIL_CHARS = 4000;

/** How many lines of that stderr a crash message quotes. */
export const STDERR_TAIL_LINES = 6;

/**
 * How much of a real run's stdout is kept when its check reads it (see startRealRun): the end, as
 * for stderr, where a day-1 answer and its line of figures are.
 */
export const STDOUT_TAIL_CHARS = 16_000;

/** How long --watch waits for a burst of file changes to settle before grading again. */
export const WATCH_DEBOUNCE_MS = 250;

/**
 * The most of one of a lab's files the grader reads itself (its package.json, a source file a
 * report points into), and the largest package.json a lab may hold (the compile reads every one):
 * far more than any lab file needs, and a bound on what a file the lab grew could cost a grade.
 */
export const MAX_LAB_FILE_BYTES = 1_000_000;

/** How long a batch row's reason (why a submission timed out, crashed or is no lab) may be. */
export const MAX_REASON_CHARS = 160;

/** The longest line a bounded process may write on its message channel; the rest is dropped. */
export const MAX_MESSAGE_LINE_CHARS = 1_000_000;

/** The largest seed: variants are drawn from a 32-bit generator, so larger seeds would repeat smaller ones. */
export const MAX_SEED = 0xffff_ffff;

/**
 * How many calls an expected-vs-got line lists before it counts the rest: a lab that opens a call
 * per fragment merges dozens, and the first few already show the mistake.
 */
export const MAX_DESCRIBED_CALLS = 8;
