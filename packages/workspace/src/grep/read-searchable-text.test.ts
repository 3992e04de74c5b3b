import { existsSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestWorkspace } from '../testing/create-test-workspace';
import type { TestWorkspace } from '../testing/create-test-workspace';
import { readSearchableText } from './read-searchable-text';

let workspace: TestWorkspace;
beforeEach(async () => {
  workspace = await createTestWorkspace({ 'empty.txt': '', 'four.txt': 'abcd' });
});
afterEach(() => workspace.cleanup());

// Linux lists a process's own files under /proc/<pid>, as regular files that report a size of 0
// however much they hold: the same shape as a network or FUSE file, or a log that was empty when
// its size was taken.
const OWN_PROCESS_FOLDER = `/proc/${process.pid}`;
const hasProc = existsSync(`${OWN_PROCESS_FOLDER}/smaps`);

describe('readSearchableText', () => {
  it('reads a file up to the limit and refuses one byte more', () => {
    const realRoot = workspace.root;
    expect(readSearchableText({ realRoot, file: 'four.txt', maxBytes: 4 })).toEqual({
      kind: 'text',
      text: 'abcd',
    });
    expect(readSearchableText({ realRoot, file: 'four.txt', maxBytes: 3 })).toEqual({
      kind: 'too-large',
    });
    expect(readSearchableText({ realRoot, file: 'empty.txt', maxBytes: 3 })).toEqual({
      kind: 'text',
      text: '',
    });
  });

  // /proc/<pid>/pagemap reports 0 bytes and holds hundreds of gigabytes: reading such a file to its
  // end, as readFileSync does, grew one grep call past 1.5 GB before it was stopped.
  it.skipIf(!hasProc)('stops at the limit in a file whose size reads as 0 but is not', () => {
    const file = readSearchableText({
      realRoot: OWN_PROCESS_FOLDER,
      file: 'smaps',
      maxBytes: 4096,
    });
    expect(file).toEqual({ kind: 'too-large' });
  });
});
