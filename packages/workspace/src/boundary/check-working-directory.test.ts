import { mkdir, readFile, rename, rm, symlink } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFile } from '../create-file';
import { createReadLedger } from '../read-ledger';
import { callEngine } from '../testing/call-engine';
import { createTestWorkspace } from '../testing/create-test-workspace';
import type { TestWorkspace } from '../testing/create-test-workspace';
import { REPLACED_WORKING_DIRECTORY, checkWorkingDirectory } from './check-working-directory';
import { resolveInsideWorkspace } from './resolve-inside-workspace';

// The working directory is fixed on first use: a command that swaps it for a link, or for another
// folder, must not carry later reads and writes along.

let workspace: TestWorkspace;
beforeEach(async () => {
  workspace = await createTestWorkspace({ 'src/calc.js': 'export const one = 1;\n' });
});
afterEach(() => workspace.cleanup());

async function createAnswer(given: string) {
  const place = await resolveInsideWorkspace({ cwd: workspace.root, path: given });
  if (!place.ok) return place;
  return createFile({
    ...place,
    requestedPath: given,
    content: 'written\n',
    ledger: createReadLedger(),
  });
}

/** Moves the working directory aside and puts `replacement` at its path. */
async function replaceRoot(replacement: 'link' | 'folder') {
  await rename(workspace.root, `${workspace.root}-moved`);
  if (replacement === 'link') await symlink(workspace.outside, workspace.root);
  else await mkdir(workspace.root);
}

describe('checkWorkingDirectory', () => {
  it('gives the real root, the same on every call while nothing changes', () => {
    const first = checkWorkingDirectory({ cwd: workspace.root });
    expect(first).toEqual({ ok: true, realRoot: workspace.root });
    expect(checkWorkingDirectory({ cwd: `${workspace.root}/` })).toEqual(first);
  });

  it('refuses a root that became a link: create_file does not write through it', async () => {
    expect(
      (await callEngine({ tool: 'glob', cwd: workspace.root, args: { pattern: '*' } })).ok,
    ).toBe(true);
    await replaceRoot('link');
    expect(await createAnswer('planted.txt')).toEqual({
      ok: false,
      error: REPLACED_WORKING_DIRECTORY,
    });
    await expect(readFile(path.join(workspace.outside, 'planted.txt'), 'utf8')).rejects.toThrow();
    for (const [tool, args] of [
      ['read_file', { path: 'canary.txt' }],
      ['glob', { pattern: '*' }],
      ['grep', { pattern: 'CANARY' }],
    ] as const) {
      expect(await callEngine({ tool, cwd: workspace.root, args })).toEqual({
        ok: false,
        error: REPLACED_WORKING_DIRECTORY,
      });
    }
  });

  it('refuses another folder put at its path, by device and inode', async () => {
    expect(checkWorkingDirectory({ cwd: workspace.root }).ok).toBe(true);
    await replaceRoot('folder');
    expect(checkWorkingDirectory({ cwd: workspace.root })).toEqual({
      ok: false,
      error: REPLACED_WORKING_DIRECTORY,
    });
    await rm(`${workspace.root}-moved`, { recursive: true });
  });
});
