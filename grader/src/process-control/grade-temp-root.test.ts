import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { afterEach, describe, expect, it, vi } from 'vitest';

const savedTmpdir = process.env.TMPDIR;
afterEach(() => {
  if (savedTmpdir === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = savedTmpdir;
  vi.resetModules();
});

/** gradeTempRoot as a fresh grade would choose it, under the environment set now. */
async function chosen(): Promise<string> {
  vi.resetModules();
  const { gradeTempRoot } = await import('./grade-temp-root');
  return gradeTempRoot();
}

describe('gradeTempRoot', () => {
  it('obeys TMPDIR whenever the person grading sets it', async () => {
    process.env.TMPDIR = '/somewhere/of/theirs';
    expect(await chosen()).toBe('/somewhere/of/theirs');
  });

  it.runIf(process.platform === 'linux' && existsSync('/dev/shm'))(
    'takes /dev/shm on Linux when TMPDIR is not set, so a grade writes its files to memory',
    async () => {
      delete process.env.TMPDIR;
      expect(await chosen()).toBe('/dev/shm');
    },
  );

  it.runIf(process.platform !== 'linux')('keeps the temporary folder elsewhere', async () => {
    delete process.env.TMPDIR;
    expect(await chosen()).toBe(tmpdir());
  });
});
