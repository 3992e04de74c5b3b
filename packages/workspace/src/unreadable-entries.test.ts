import { chmod, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANARY, createTestWorkspace } from './testing/create-test-workspace';
import type { TestWorkspace } from './testing/create-test-workspace';
import { globWorkspace } from './glob/glob-workspace';
import { grepWorkspace } from './grep/grep-workspace';
import { runToolUnprivileged } from './testing/run-tool-unprivileged';

// One bad entry must not fail a whole search: an unreadable folder or file, or a name that is not
// valid UTF-8, is skipped, counted once in the result, and the rest is listed and searched.

let workspace: TestWorkspace;
const NOTE_TWO =
  '[2 entries could not be read and were skipped (no permission, vanished, or a name that is not UTF-8)]';
const NOTE_ONE =
  '[1 entry could not be read and was skipped (no permission, vanished, or a name that is not UTF-8)]';

beforeAll(async () => {
  workspace = await createTestWorkspace({
    'src/a.ts': 'const needle = 1;\n',
    'locked/inside.ts': 'const needle = 2;\n',
    'secret.ts': 'const needle = 3;\n',
  });
  await chmod(path.join(workspace.root, 'locked'), 0o000);
  await chmod(path.join(workspace.root, 'secret.ts'), 0o000);
  // The unprivileged child must reach the working directory.
  await chmod(path.dirname(workspace.root), 0o755);
});
afterAll(async () => {
  await chmod(path.join(workspace.root, 'locked'), 0o755);
  await workspace.cleanup();
});

describe('entries the user may not read', () => {
  it('glob ** lists the rest and counts the unreadable folder', async (context) => {
    const run = await runToolUnprivileged({
      tool: 'glob',
      cwd: workspace.root,
      args: { pattern: '**' },
    });
    if (!run.ran) return context.skip(run.reason);
    expect(run.answer).toEqual({ ok: true, text: `secret.ts\nsrc/a.ts\n${NOTE_ONE}` });
  }, 60_000);

  it('grep searches the rest and counts the folder and the file it could not read', async (context) => {
    const run = await runToolUnprivileged({
      tool: 'grep',
      cwd: workspace.root,
      args: { pattern: 'needle' },
    });
    if (!run.ran) return context.skip(run.reason);
    expect(run.answer).toEqual({ ok: true, text: `src/a.ts:1:const needle = 1;\n${NOTE_TWO}` });
  }, 60_000);

  it('read_file says the file cannot be read, without an absolute path', async (context) => {
    const run = await runToolUnprivileged({
      tool: 'read_file',
      cwd: workspace.root,
      args: { path: 'secret.ts' },
    });
    if (!run.ran) return context.skip(run.reason);
    expect(run.answer).toEqual({
      ok: false,
      error:
        'secret.ts cannot be read: permission denied; read another file, or ask the user to make it readable',
    });
  }, 60_000);
});

describe('names that are not valid UTF-8', () => {
  it('are skipped and counted by glob and grep, which go on', async () => {
    const odd = await createTestWorkspace({ 'a.txt': 'needle\n' });
    try {
      const folder = Buffer.from(path.join(odd.root, 'caf\xe9'), 'latin1');
      await mkdir(folder);
      await writeFile(Buffer.from(path.join(odd.root, 'na\xefve.txt'), 'latin1'), 'needle\n');
      const glob = await globWorkspace({ cwd: odd.root, pattern: '**' });
      expect(glob).toEqual({ ok: true, text: `a.txt\n${NOTE_TWO}` });
      const grep = await grepWorkspace({ cwd: odd.root, pattern: 'needle' });
      expect(grep).toEqual({ ok: true, text: `a.txt:1:needle\n${NOTE_TWO}` });
      expect(JSON.stringify(grep)).not.toContain(CANARY);
    } finally {
      await odd.cleanup();
    }
  });
});
