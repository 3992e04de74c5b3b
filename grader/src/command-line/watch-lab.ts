import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createGradeQueue } from './create-grade-queue';
import { WATCH_DEBOUNCE_MS } from '../beside-lab/limits';
import { watchFolder } from './watch-folder';

/**
 * Grades now, then again whenever a file in the lab changes (a burst of saves counts once). A grade
 * never overlaps the previous one: a change during a grade queues exactly one more. Runs until Ctrl-C.
 */
export function watchLab({
  labDir,
  label,
  grade,
}: {
  /** The lab's folder, watched for changes. */
  labDir: string;
  /** How to name the lab to the student (a path relative to where they typed). */
  label: string;
  grade: () => Promise<number>;
}): Promise<number> {
  const queue = createGradeQueue({
    grade,
    onFinished: () => process.stdout.write(`\nWatching ${label} for changes (Ctrl-C to stop)...\n`),
  });
  watchFolder({
    folder: labDir,
    debounceMs: WATCH_DEBOUNCE_MS,
    onChange: (changedPaths) => {
      // An atomic save's temporary file is gone by now: name only what is still there.
      const present = changedPaths.filter((path) => existsSync(join(labDir, path)));
      const what =
        present.length === 1 ? present[0] : present.length ? `${present.length} files` : 'A file';
      queue.request(() => process.stdout.write(`\n${what} changed; grading again.\n\n`));
    },
  });
  queue.request();
  return new Promise(() => {});
}
