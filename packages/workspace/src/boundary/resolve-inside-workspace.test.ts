import { symlink } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestWorkspace } from '../testing/create-test-workspace';
import type { TestWorkspace } from '../testing/create-test-workspace';
import { resolveInsideWorkspace } from './resolve-inside-workspace';

let workspace: TestWorkspace;

beforeEach(async () => {
  workspace = await createTestWorkspace({ 'src/calc.js': 'export {};\n' });
});
afterEach(() => workspace.cleanup());

function resolve(requested: string) {
  return resolveInsideWorkspace({ cwd: workspace.root, path: requested });
}

describe('resolveInsideWorkspace', () => {
  it('accepts a relative path inside and reports it normalized', async () => {
    expect(await resolve('src/../src/./calc.js')).toEqual({
      ok: true,
      absolutePath: path.join(workspace.root, 'src', 'calc.js'),
      relativePath: 'src/calc.js',
      realRoot: workspace.root,
    });
  });

  it('refuses a path or a name longer than the system opens, without quoting the machine path', async () => {
    for (const [requested, says] of [
      ['a/'.repeat(2100) + 'x.js', 'more than the file system allows'],
      [`${'n'.repeat(300)}.js`, 'a name in the path is 303 bytes long'],
    ] as const) {
      const result = await resolve(requested);
      expect(result).toMatchObject({ ok: false, error: expect.stringContaining(says) });
      expect(JSON.stringify(result)).not.toContain(workspace.root);
    }
  });

  it('calls the root itself "."', async () => {
    expect(await resolve('.')).toMatchObject({ ok: true, relativePath: '.' });
  });

  it('accepts an absolute path inside the root', async () => {
    const result = await resolve(path.join(workspace.root, 'src', 'calc.js'));
    expect(result).toMatchObject({ ok: true, relativePath: 'src/calc.js' });
  });

  it('accepts a path that does not exist yet, judged by its nearest existing folder', async () => {
    expect(await resolve('src/new/file.js')).toMatchObject({
      ok: true,
      absolutePath: path.join(workspace.root, 'src', 'new', 'file.js'),
    });
  });

  it.each([
    ['..', '..'],
    ['climbing with ..', '../outside/canary.txt'],
    ['climbing from inside a folder', 'src/../../outside/canary.txt'],
    ['a sibling sharing the root as a prefix', '../repo-other/canary.txt'],
  ])('refuses %s', async (_case, requested) => {
    const result = await resolve(requested);
    expect(result).toEqual({
      ok: false,
      error: `${requested} is outside the working directory; use a path relative to the working directory that stays inside it`,
    });
  });

  it('refuses absolute paths outside, including the prefix sibling', async () => {
    for (const requested of [
      path.join(workspace.outside, 'canary.txt'),
      path.join(workspace.prefixSibling, 'canary.txt'),
      workspace.prefixSibling,
    ]) {
      expect(await resolve(requested), requested).toMatchObject({
        ok: false,
        error: expect.stringContaining('is outside the working directory'),
      });
    }
  });

  it('refuses a symbolic link to a file outside', async () => {
    await workspace.link({
      relativePath: 'notes.txt',
      target: path.join(workspace.outside, 'canary.txt'),
    });
    expect(await resolve('notes.txt')).toEqual({
      ok: false,
      error:
        'notes.txt leads outside the working directory through a symbolic link; use a path relative to the working directory that stays inside it',
    });
  });

  it('refuses paths through a linked folder outside, existing or not', async () => {
    await workspace.link({ relativePath: 'vendor', target: workspace.outside });
    for (const requested of ['vendor', 'vendor/canary.txt', 'vendor/new/file.txt']) {
      expect(await resolve(requested), requested).toMatchObject({
        ok: false,
        error: expect.stringContaining('through a symbolic link'),
      });
    }
  });

  it('refuses a dangling link, whose target could be created outside', async () => {
    await workspace.link({
      relativePath: 'later.txt',
      target: path.join(workspace.outside, 'missing.txt'),
    });
    expect(await resolve('later.txt')).toMatchObject({
      ok: false,
      error: expect.stringContaining('symbolic link to something that does not exist'),
    });
  });

  it('accepts a link that stays inside', async () => {
    await workspace.link({
      relativePath: 'alias.js',
      target: path.join(workspace.root, 'src', 'calc.js'),
    });
    expect(await resolve('alias.js')).toMatchObject({
      ok: true,
      absolutePath: path.join(workspace.root, 'src', 'calc.js'),
      relativePath: 'alias.js',
    });
  });

  it('works when the working directory itself is reached through a link', async () => {
    const linkedRoot = path.join(workspace.outside, 'linked-repo');
    await symlink(workspace.root, linkedRoot);
    const result = await resolveInsideWorkspace({ cwd: linkedRoot, path: 'src/calc.js' });
    expect(result).toMatchObject({ ok: true, relativePath: 'src/calc.js' });
    const escape = await resolveInsideWorkspace({ cwd: linkedRoot, path: '../canary.txt' });
    expect(escape.ok).toBe(false);
  });

  it('refuses half of a character, which no file name can hold, instead of naming another file', async () => {
    // Encoded, a lone surrogate becomes U+FFFD: the file made would not be the one asked for.
    expect(await resolve('bad\ud800.txt')).toEqual({
      ok: false,
      error:
        'the path holds half of a character (\\ud800 at position 3), which no file name can hold; send the whole character, or a path without it',
    });
  });

  it('says which name is too long, in bytes, rather than counting the whole path', async () => {
    expect(await resolve(`src/${'é'.repeat(127)}.ts`)).toEqual({
      ok: false,
      error:
        'a name in the path is 257 bytes long, more than the 255 a file system allows for one name; use a shorter name',
    });
  });

  it('refuses a NUL byte and a ~ path with a sentence saying what to use', async () => {
    expect(await resolve('src/calc.js\0.png')).toEqual({
      ok: false,
      error: 'the path contains a NUL byte; use a plain path relative to the working directory',
    });
    expect(await resolve('~/.ssh/id_rsa')).toEqual({
      ok: false,
      error:
        '~/.ssh/id_rsa starts with ~, which is not expanded here; use a path relative to the working directory',
    });
  });

  it('treats a path through a file as not existing yet, still inside', async () => {
    expect(await resolve('src/calc.js/inner')).toMatchObject({ ok: true });
  });

  it('reads a name quoted as glob prints it as that name, for every tool alike', async () => {
    // displayPath quotes names with ':', line breaks or a leading quote; the quotes are not part of the name.
    expect(await resolve('"src/a:b.js"')).toMatchObject({ ok: true, relativePath: 'src/a:b.js' });
    expect(await resolve('"\\"odd\\".txt"')).toMatchObject({ ok: true, relativePath: '"odd".txt' });
    // Quoting hides nothing from the boundary.
    expect(await resolve('"../outside/canary.txt"')).toMatchObject({ ok: false });
    // Text that is not a JSON string is the path itself.
    expect(await resolve('"half')).toMatchObject({ ok: true, relativePath: '"half' });
  });
});
