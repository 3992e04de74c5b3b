import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestWorkspace } from '../testing/create-test-workspace';
import type { TestWorkspace } from '../testing/create-test-workspace';
import { checkOutsideGitFolder } from './check-outside-git-folder';
import { resolveInsideWorkspace } from './resolve-inside-workspace';

let workspace: TestWorkspace;
beforeAll(async () => {
  workspace = await createTestWorkspace({ 'src/calc.js': 'x\n', '.gitignore': 'dist\n' });
  execFileSync('git', ['init', '--quiet'], { cwd: workspace.root });
  // A bare repository inside the work tree: a git folder by its content, not its name.
  execFileSync('git', ['init', '--quiet', '--bare', 'vendor/store'], { cwd: workspace.root });
  await workspace.link({ relativePath: 'links/git', target: `${workspace.root}/.git` });
});
afterAll(() => workspace.cleanup());

async function isRefused(given: string): Promise<boolean> {
  const place = await resolveInsideWorkspace({ cwd: workspace.root, path: given });
  if (!place.ok) throw new Error(place.error);
  return !(await checkOutsideGitFolder(place)).ok;
}

describe('checkOutsideGitFolder', () => {
  it.each([
    '.git',
    '.git/config',
    './.git/hooks/pre-commit',
    'src/../.git/config',
    '.GIT/config',
    '.Git/new-file',
    '.git./config',
    '.git /config',
    '.g\u200cit/config',
    '.git\ufeff/config',
    'GIT~1/config',
    'links/git/config',
    'vendor/store/config',
    'vendor/store/hooks/post-checkout',
    'sub/module/.git/config',
  ])('refuses %s', async (given) => {
    expect(await isRefused(given)).toBe(true);
  });

  it.each([
    'src/calc.js',
    '.gitignore',
    '.github/workflows/ci.yml',
    'git/notes.md',
    '.gitx/a',
    'vendor/other.js',
  ])('lets %s be written', async (given) => {
    expect(await isRefused(given)).toBe(false);
  });

  it('refuses the write that would make a folder git takes for its own, in any order', async () => {
    // A bare repository planted in the work tree: git uses its config (core.pager, an alias) for
    // whoever runs git inside that folder. Each of its parts may be written, but not the last one.
    await workspace.write({ 'planted/config': '[core]\n\tpager = touch pwned\n' });
    expect(await isRefused('planted/HEAD')).toBe(false);
    await workspace.write({ 'planted/HEAD': 'ref: refs/heads/main\n' });
    expect(await isRefused('planted/objects/.keep')).toBe(false);
    await workspace.write({ 'planted/objects/.keep': '' });
    expect(await isRefused('planted/refs/heads/main')).toBe(true);
    expect(await isRefused('other/refs/heads/main')).toBe(false);
    await workspace.write({ 'worktree-like/HEAD': 'ref: refs/heads/main\n' });
    expect(await isRefused('worktree-like/commondir')).toBe(true);
  });

  it('says why and what to do instead', async () => {
    const place = await resolveInsideWorkspace({ cwd: workspace.root, path: '.git/config' });
    expect(place.ok && (await checkOutsideGitFolder(place))).toEqual({
      ok: false,
      error:
        ".git/config is inside git's own folder (.git), which only git may write: a change there, such as a hook or core.fsmonitor in .git/config, runs code at the next git command, so nothing was changed; change the project's files instead, and use git commands through run_command for git's state",
    });
  });
});
