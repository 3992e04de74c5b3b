// Test support: the text of a small day manifest for a throwaway root. A plain object, not
// defineDay: a temporary root has no node_modules to import @agent-course/course from.
import type { DayManifest } from '@agent-course/course';

/** `day.ts` for day `id` with one exercise per file given, each graded by a check of its own. */
export function testDayManifest(options: {
  id: string;
  /** Exercise files in number order, e.g. ['src/a.ts', 'src/b.ts']. */
  files: string[];
  /** Overrides, e.g. { draft: true } or { starterScore: 1 }. */
  overrides?: Partial<DayManifest>;
}): string {
  const manifest: DayManifest = {
    id: options.id,
    title: 'a tiny day for tests',
    draft: false,
    start: 'src/main.ts',
    starterScore: 0,
    exercises: options.files.map((file, index) => ({
      number: index + 1,
      file,
      task: `task ${index + 1}`,
      details: `details of exercise ${index + 1}`,
    })),
    checks: options.files.map((_file, index) => ({
      id: `check-${index + 1}`,
      title: `check ${index + 1}`,
      exercise: index + 1,

      hints: { default: `TODO(${index + 1})` },
    })),
    ...options.overrides,
  };
  return `export default ${JSON.stringify(manifest, null, 2)};\n`;
}
