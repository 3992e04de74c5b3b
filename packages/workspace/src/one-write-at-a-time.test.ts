import { describe, expect, it } from 'vitest';
import { oneWriteAtATime } from './one-write-at-a-time';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('oneWriteAtATime', () => {
  it('runs the writes of one file in turn, and a failed write does not hold up the next', async () => {
    const events: string[] = [];
    const write = (name: string, fails = false) =>
      oneWriteAtATime({
        filePath: '/repo/a.txt',
        write: async () => {
          events.push(`${name} starts`);
          await pause(20);
          events.push(`${name} ends`);
          if (fails) throw new Error(`${name} failed`);
          return name;
        },
      });
    const results = await Promise.allSettled([
      write('first', true),
      write('second'),
      write('third'),
    ]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'fulfilled', 'fulfilled']);
    expect(events).toEqual([
      'first starts',
      'first ends',
      'second starts',
      'second ends',
      'third starts',
      'third ends',
    ]);
  });

  it('lets writes of different files run together', async () => {
    const events: string[] = [];
    const write = (filePath: string) =>
      oneWriteAtATime({
        filePath,
        write: async () => {
          events.push(`${filePath} starts`);
          await pause(20);
          events.push(`${filePath} ends`);
        },
      });
    await Promise.all([write('/repo/a.txt'), write('/repo/b.txt')]);
    expect(events.slice(0, 2)).toEqual(['/repo/a.txt starts', '/repo/b.txt starts']);
  });
});
