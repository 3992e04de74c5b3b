/** Keeps only the last `maxChars` characters of a stream, however much is written to it. */
export function createTailCollector(maxChars: number): {
  add(chunk: unknown): void;
  text(): string;
} {
  let kept = '';
  return {
    add(chunk) {
      kept = (kept + String(chunk)).slice(-maxChars);
    },
    text: () => kept,
  };
}

/**
 * Lines of a crash report that say nothing to a student: stack frames (Node's own or the lab's,
 * with machine paths), the excerpt of Node's internals that rethrew the error, and the Node
 * version banner. The error itself stays.
 */
const NOISE = [
  /^\s+at /,
  /^Node\.js v\d/,
  /^node:internal\//,
  /^\s*triggerUncaughtException\(/,
  /^\s*\^+\s*$/,
];

/** The last non-empty lines of some output, for quoting in a one-paragraph message. */
export function lastLines({ text, count }: { text: string; count: number }): string[] {
  return text
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() !== '' && !NOISE.some((pattern) => pattern.test(line)))
    .slice(-count);
}
