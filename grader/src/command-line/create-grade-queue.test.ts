import { describe, expect, it } from 'vitest';
import { createGradeQueue } from './create-grade-queue';

/** A grade that ends only when the test says so, recording what it saw when it started. */
function controlledGrades(read: () => string) {
  const seen: string[] = [];
  const finishers: Array<() => void> = [];
  const grade = () =>
    new Promise<void>((resolve) => {
      seen.push(read());
      finishers.push(resolve);
    });
  /** Ends the grade in progress and lets the queue react (no timers involved). */
  const finishCurrent = async () => {
    finishers.shift()?.();
    for (let turn = 0; turn < 10; turn++) await Promise.resolve();
  };
  return { seen, grade, finishCurrent };
}

describe('createGradeQueue', () => {
  it('grades once more, with the latest files, however many saves come during a grade', async () => {
    let files = 'v1';
    const { seen, grade, finishCurrent } = controlledGrades(() => files);
    const announced: string[] = [];
    const queue = createGradeQueue({ grade });
    queue.request(() => announced.push('first'));
    expect(seen).toEqual(['v1']);
    for (const version of ['v2', 'v3', 'v4']) {
      files = version;
      queue.request(() => announced.push(`save ${version}`));
    }
    expect(seen).toEqual(['v1']); // never two grades at once
    await finishCurrent();
    expect(seen).toEqual(['v1', 'v4']); // exactly one more, of the files as they are now
    expect(announced).toEqual(['first', 'save v4']); // one message per grade, none per save
    await finishCurrent();
    await queue.whenIdle();
    expect(seen).toEqual(['v1', 'v4']); // and no more after it
  });

  it('a save after a grade ends starts a new grade at once', async () => {
    let files = 'v1';
    const { seen, grade, finishCurrent } = controlledGrades(() => files);
    const queue = createGradeQueue({ grade });
    queue.request();
    await finishCurrent();
    await queue.whenIdle();
    files = 'v2';
    queue.request();
    expect(seen).toEqual(['v1', 'v2']);
    await finishCurrent();
    await queue.whenIdle();
    expect(seen).toEqual(['v1', 'v2']);
  });
});
