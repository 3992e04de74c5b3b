import { closeSync, existsSync, openSync } from 'node:fs';
import { rename } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestWorkspace } from '../testing/create-test-workspace';
import type { TestWorkspace } from '../testing/create-test-workspace';
import { isOpenedAt } from './is-opened-at';

let workspace: TestWorkspace | undefined;
afterEach(() => workspace?.cleanup());

/** Opens `openPath`, runs `check` on the descriptor, closes it. */
function withOpened<Value>(openPath: string, check: (descriptor: number) => Value): Value {
  const descriptor = openSync(openPath, 'r');
  try {
    return check(descriptor);
  } finally {
    closeSync(descriptor);
  }
}

// Both ways of telling what a descriptor is: asking the system (Linux only) and comparing inodes.
const MODES = existsSync('/proc/self/fd') ? [true, false] : [false];
describe.each(MODES)('isOpenedAt (asking the system: %s)', (askSystem) => {
  it('accepts the file that was opened at the expected path', async () => {
    workspace = await createTestWorkspace({ 'src/a.txt': 'a\n' });
    const expectedPath = path.join(workspace.root, 'src', 'a.txt');
    const accepted = withOpened(expectedPath, (descriptor) =>
      isOpenedAt({ descriptor, expectedPath, realRoot: workspace!.root, askSystem }),
    );
    expect(accepted).toBe(true);
  });

  it('refuses a descriptor to a file outside, though the name now holds a file inside', async () => {
    workspace = await createTestWorkspace({ 'src/a.txt': 'a\n' });
    const expectedPath = path.join(workspace.root, 'src', 'a.txt');
    const accepted = withOpened(path.join(workspace.outside, 'canary.txt'), (descriptor) =>
      isOpenedAt({ descriptor, expectedPath, realRoot: workspace!.root, askSystem }),
    );
    expect(accepted).toBe(false);
  });

  it('refuses a folder opened before it was moved away and replaced', async () => {
    workspace = await createTestWorkspace({ 'box/a.txt': 'a\n', 'other/a.txt': 'b\n' });
    const box = path.join(workspace.root, 'box');
    const descriptor = openSync(box, 'r');
    try {
      await rename(box, path.join(workspace.root, 'moved'));
      await rename(path.join(workspace.root, 'other'), box);
      expect(
        isOpenedAt({ descriptor, expectedPath: box, realRoot: workspace.root, askSystem }),
      ).toBe(false);
    } finally {
      closeSync(descriptor);
    }
  });

  it('refuses an expected path outside the root, whatever was opened', async () => {
    workspace = await createTestWorkspace();
    const expectedPath = path.join(workspace.outside, 'canary.txt');
    const accepted = withOpened(expectedPath, (descriptor) =>
      isOpenedAt({ descriptor, expectedPath, realRoot: workspace!.root, askSystem }),
    );
    expect(accepted).toBe(false);
  });
});

describe('isOpenedAt comparing inodes', () => {
  it('refuses an expected path that is a symbolic link, even to the opened file', async () => {
    workspace = await createTestWorkspace({ 'a.txt': 'a\n' });
    await workspace.link({ relativePath: 'alias.txt', target: path.join(workspace.root, 'a.txt') });
    const accepted = withOpened(path.join(workspace.root, 'a.txt'), (descriptor) =>
      isOpenedAt({
        descriptor,
        expectedPath: path.join(workspace!.root, 'alias.txt'),
        realRoot: workspace!.root,
        askSystem: false,
      }),
    );
    expect(accepted).toBe(false);
  });
});
