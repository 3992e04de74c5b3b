import { watch } from 'node:fs';
import { createGradeQueue } from './create-grade-queue';
import { WATCH_DEBOUNCE_MS } from './limits';

/** Folders whose changes never call for a new grade. */
const IGNORED = /(^|[\\/])(node_modules|\.git|\.turbo)([\\/]|$)/;

/**
 * Grades now, then again whenever a file in the lab changes (a burst of saves counts once). A grade
 * never overlaps the previous one: a change during a grade queues exactly one more. Runs until Ctrl-C.
 */
export function watchLab({
  labDir,
  grade,
}: {
  labDir: string;
  grade: () => Promise<number>;
}): Promise<number> {
  let timer: NodeJS.Timeout | undefined;
  const queue = createGradeQueue({
    grade,
    onFinished: () =>
      process.stdout.write(`\nWatching ${labDir} for changes (Ctrl-C to stop)...\n`),
  });

  watch(labDir, { recursive: true }, (_event, fileName) => {
    if (fileName && IGNORED.test(fileName)) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      queue.request(() => process.stdout.write('\nA file changed; grading again.\n\n'));
    }, WATCH_DEBOUNCE_MS);
  });
  queue.request();
  return new Promise(() => {});
}
