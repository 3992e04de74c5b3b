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

/** The last non-empty lines of some output, for quoting in a one-paragraph message. */
export function lastLines({ text, count }: { text: string; count: number }): string[] {
  return text
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() !== '')
    .slice(-count);
}
