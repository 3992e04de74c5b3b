import { mkdirSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTempFolder, removeTempFolder } from '../process-control/temp-folders';
import { watchFolder } from './watch-folder';

/** Generous: the watcher answers in milliseconds, but CI is a busy 2-core machine. */
const BURST_TIMEOUT_MS = 20_000;

let folder: string;
let watcher: { close(): void };
/** Bursts reported and not yet looked at, and a test waiting for the next one. */
let bursts: string[][];
let waiting: ((paths: string[]) => void) | undefined;
let sentinels = 0;

beforeEach(async () => {
  folder = await createTempFolder('watch-folder-');
  mkdirSync(join(folder, 'src'));
  mkdirSync(join(folder, 'node_modules', 'some-package'), { recursive: true });
  writeFileSync(join(folder, 'src', 'main.ts'), 'v1');
  bursts = [];
  waiting = undefined;
  watcher = watchFolder({
    folder,
    debounceMs: 50,
    onChange: (paths) => {
      if (waiting) waiting(paths);
      else bursts.push(paths);
      waiting = undefined;
    },
  });
});

afterEach(async () => {
  watcher.close();
  await removeTempFolder(folder);
});

/** The next burst's paths; fails the test if none comes. */
function nextBurst(): Promise<string[]> {
  const reported = bursts.shift();
  if (reported) return Promise.resolve(reported);
  return new Promise((resolve, reject) => {
    const timeout = setTimeout(() => reject(new Error('no change was reported')), BURST_TIMEOUT_MS);
    waiting = (paths) => {
      clearTimeout(timeout);
      resolve(paths);
    };
  });
}

/**
 * Proves nothing else was reported since the last burst: a fresh file's burst names that file alone.
 * A late or duplicate report of an earlier change would arrive first, or merge into this burst.
 */
async function expectNothingElse(): Promise<void> {
  const name = `sentinel-${++sentinels}.txt`;
  writeFileSync(join(folder, name), 'x');
  expect(await nextBurst()).toEqual([name]);
}

const main = () => join(folder, 'src', 'main.ts');

describe('watchFolder', () => {
  it('reports a file written in place, once', async () => {
    writeFileSync(main(), 'v2');
    writeFileSync(main(), 'v3');
    expect(await nextBurst()).toEqual(['src/main.ts']);
    await expectNothingElse();
  });

  it('reports every atomic save (a temporary file renamed over the file), however many', async () => {
    for (const version of ['v2', 'v3', 'v4']) {
      const temporary = join(folder, 'src', '.main.ts.swp');
      writeFileSync(temporary, version);
      renameSync(temporary, main());
      expect(await nextBurst()).toEqual(['src/.main.ts.swp', 'src/main.ts']);
    }
    await expectNothingElse();
  });

  it('reports a file deleted and created again, every time', async () => {
    for (const version of ['v2', 'v3']) {
      unlinkSync(main());
      writeFileSync(main(), version);
      expect(await nextBurst()).toEqual(['src/main.ts']);
    }
    writeFileSync(main(), 'v4'); // and a plain write after the replaces
    expect(await nextBurst()).toEqual(['src/main.ts']);
    await expectNothingElse();
  });

  it('reports a new file in a new folder, and later saves in that folder', async () => {
    mkdirSync(join(folder, 'src', 'tools', 'extra'), { recursive: true });
    writeFileSync(join(folder, 'src', 'tools', 'extra', 'glob.ts'), 'v1');
    expect(await nextBurst()).toContain('src/tools');
    writeFileSync(join(folder, 'src', 'tools', 'extra', 'glob.ts'), 'v2');
    expect(await nextBurst()).toEqual(['src/tools/extra/glob.ts']);
    await expectNothingElse();
  });

  it('keeps watching a folder deleted and created again', async () => {
    rmSync(join(folder, 'src'), { recursive: true });
    mkdirSync(join(folder, 'src'));
    writeFileSync(main(), 'v2');
    expect(await nextBurst()).toContain('src');
    writeFileSync(main(), 'v3');
    expect(await nextBurst()).toEqual(['src/main.ts']);
    await expectNothingElse();
  });

  it('ignores node_modules and .git', async () => {
    writeFileSync(join(folder, 'node_modules', 'some-package', 'index.js'), 'x');
    writeFileSync(join(folder, 'node_modules', 'new.js'), 'x');
    mkdirSync(join(folder, '.git'));
    writeFileSync(join(folder, '.git', 'HEAD'), 'x');
    await expectNothingElse();
  });
});
