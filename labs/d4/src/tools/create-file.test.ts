import { execFileSync } from 'node:child_process';
import { readFile, readdir, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createReadLedger, fingerprintBytes } from '@agent-course/workspace';
import type { ReadLedger } from '@agent-course/workspace';
import { createTestWorkspace } from '@agent-course/workspace/testing';
import type { TestWorkspace } from '@agent-course/workspace/testing';
import { createCreateFileTool } from './create-file';

let workspace: TestWorkspace;
let ledger: ReadLedger;
beforeEach(async () => {
  workspace = await createTestWorkspace({ 'src/calc.js': 'old\n' });
  ledger = createReadLedger();
});
afterEach(() => workspace.cleanup());

const create = (path: string, content: string) =>
  createCreateFileTool({ ledger }).run({ path, content }, workspace.context);

describe('create_file', () => {
  it('creates a file and its folders, and records it as read: the model knows what it wrote', async () => {
    expect(await create('test/new/a.test.js', 'one\ntwo\n')).toEqual({
      ok: true,
      content: 'created test/new/a.test.js (2 lines, 8 bytes)',
    });
    expect(await readFile(join(workspace.context.cwd, 'test/new/a.test.js'), 'utf8')).toBe(
      'one\ntwo\n',
    );
    // So edit_file may change it without a read_file first.
    expect(ledger.lookup('test/new/a.test.js')).toEqual(
      fingerprintBytes(Buffer.from('one\ntwo\n')),
    );
  });

  it('never replaces a file that exists', async () => {
    const result = await create('src/calc.js', 'new\n');
    expect(result.ok).toBe(false);
    expect(result.content).toContain('src/calc.js already exists');
    expect(await readFile(join(workspace.context.cwd, 'src/calc.js'), 'utf8')).toBe('old\n');
  });

  it('refuses a path ending in a slash, which names a folder, instead of making a file of it', async () => {
    const result = await create('src/newdir/', 'x');
    expect(result.ok).toBe(false);
    expect(result.content).toContain('src/newdir/ ends with /, so it names a folder');
    expect(await readdir(join(workspace.context.cwd, 'src'))).toEqual(['calc.js']);
  });

  it('stays inside the working directory', async () => {
    expect((await create('../outside/x.txt', 'x')).ok).toBe(false);
  });
});

describe("create_file and git's own folder", () => {
  it('refuses a new file inside .git in every spelling, and one where a gitdir: line leads', async () => {
    // The repository's folder is "meta"; .git is a file saying so, as in a worktree or submodule.
    execFileSync('git', ['init', '--quiet', '--separate-git-dir', 'meta', '.'], {
      cwd: workspace.root,
    });
    await symlink('meta', join(workspace.root, 'gitlink'));
    const hooks = () => readdir(join(workspace.root, 'meta/hooks'));
    const before = await hooks();
    for (const path of [
      'meta/hooks/pre-commit',
      '.git/hooks/pre-commit',
      './.git/x',
      'src/../.git/x',
      '.GIT/x',
      '.git./x',
      '.g\u200cit/x',
      'git~1/x',
      '.git',
      'gitlink/hooks/pre-commit',
      'sub/.git/config',
    ]) {
      const result = await create(path, '#!/bin/sh\ntouch pwned\n');
      expect(result.ok, path).toBe(false);
      expect(result.content).toContain(
        "is inside git's own folder (.git), which only git may write",
      );
    }
    expect(await hooks()).toEqual(before);
    // A name that only starts like it is an ordinary file.
    expect((await create('.github/workflows/ci.yml', 'on: push\n')).ok).toBe(true);
  });
});
