import { execFileSync } from 'node:child_process';
import { readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createReadLedger } from '@agent-course/workspace';
import type { ReadLedger } from '@agent-course/workspace';
import { createTestWorkspace } from '@agent-course/workspace/testing';
import type { TestWorkspace } from '@agent-course/workspace/testing';
import { EditFileParameters, createEditFileTool } from './edit-file';
import { createReadFileTool } from './read-file';

// Finding the text and refusing stale files are tested beside TODO(1) and TODO(2) (src/edits);
// here, the tool they make together: the boundary, the ledger shared with read_file, the result.

const SOURCE = 'export function divide(a, b) {\n  return a * b;\n}\n';
let workspace: TestWorkspace;
let ledger: ReadLedger;
beforeEach(async () => {
  workspace = await createTestWorkspace({ 'src/calc.js': SOURCE });
  ledger = createReadLedger();
});
afterEach(() => workspace.cleanup());

const read = () => createReadFileTool({ ledger }).run({ path: 'src/calc.js' }, workspace.context);
const edit = (args: Partial<EditFileParameters>) =>
  createEditFileTool({ ledger }).run(
    { path: 'src/calc.js', old_string: '  return a * b;', new_string: '  return a / b;', ...args },
    workspace.context,
  );
const current = () => readFile(join(workspace.context.cwd, 'src/calc.js'), 'utf8');

describe('edit_file', () => {
  it('refuses a file read_file has not shown, then edits it once read, with a diff', async () => {
    expect((await edit({})).content).toContain('has not been read in this conversation');
    expect(await current()).toBe(SOURCE);
    await read();
    const result = await edit({});
    expect(result.ok).toBe(true);
    expect(result.content).toContain(
      'edited src/calc.js in 1 place:\n--- a/src/calc.js\n+++ b/src/calc.js',
    );
    expect(result.content).toContain('-  return a * b;\n+  return a / b;');
    expect(result.meta?.diff).toContain('@@');
    expect(await current()).toBe(SOURCE.replace('a * b', 'a / b'));
  });

  it('refuses a file changed after the read and keeps the change', async () => {
    await read();
    await writeFile(join(workspace.context.cwd, 'src/calc.js'), `${SOURCE}// mine\n`);
    const result = await edit({});
    expect(result.ok).toBe(false);
    expect(result.content).toContain('has changed since you last read it');
    expect(await current()).toBe(`${SOURCE}// mine\n`);
  });

  it('keeps the path boundary of day 3', async () => {
    const result = await edit({ path: '../outside/canary.txt' });
    expect(result).toEqual({
      ok: false,
      content:
        '../outside/canary.txt is outside the working directory; use a path relative to the working directory that stays inside it',
    });
  });

  it('names the places of an ambiguous match and replaces them all on request', async () => {
    await read();
    const refused = await edit({ old_string: 'a', new_string: 'x' });
    expect(refused.ok).toBe(false);
    expect(refused.content).toMatch(/lines 1, 2/);
    const all = await edit({ old_string: '(a, b)', new_string: '(a, c)', replace_all: true });
    expect(all.ok).toBe(true);
  });

  it('writes out the control characters of its diff for the model; the card gets the diff as it is', async () => {
    const colored = 'export const red = "\u001b[31m";\n';
    await writeFile(join(workspace.context.cwd, 'src/calc.js'), colored);
    await read();
    const result = await edit({ old_string: '"\u001b[31m"', new_string: '"\u001b[32m"' });
    expect(result.ok).toBe(true);
    expect(result.content).not.toContain('\u001b');
    expect(result.content).toContain(
      '-export const red = "\\x1b[31m";\n+export const red = "\\x1b[32m";',
    );
    expect(result.content.split('\n').at(-1)).toMatch(/^\[2 control characters .*written out/);
    expect(result.meta?.diff).toContain('\u001b[32m');
  });

  it('says what to send when old_string holds an escape read_file wrote for a control character', async () => {
    await writeFile(join(workspace.context.cwd, 'src/calc.js'), 'const bell = "\u0007";\n');
    await read();
    const result = await edit({
      old_string: 'const bell = "\\x07";',
      new_string: 'const bell = "";',
    });
    expect(result.ok).toBe(false);
    expect(result.content).toContain('\\x07');
    expect(result.content).toContain('"\\u0007"');
    expect(await current()).toBe('const bell = "\u0007";\n');
  });
});

describe("edit_file and git's own folder", () => {
  it('refuses .git/config in every spelling, read first or not, and leaves it as it was', async () => {
    execFileSync('git', ['init', '--quiet'], { cwd: workspace.root });
    await symlink('.git', join(workspace.root, 'gitlink'));
    const config = () => readFile(join(workspace.root, '.git/config'), 'utf8');
    const before = await config();
    for (const path of ['.git/config', './.git/config', 'src/../.git/config', 'gitlink/config']) {
      await createReadFileTool({ ledger }).run({ path }, workspace.context);
      const result = await createEditFileTool({ ledger }).run(
        { path, old_string: '[core]', new_string: '[core]\n\tfsmonitor = touch pwned' },
        workspace.context,
      );
      expect(result.ok, path).toBe(false);
      expect(result.content).toContain(
        "is inside git's own folder (.git), which only git may write",
      );
    }
    expect(await config()).toBe(before);
  });
});

describe('EditFileParameters', () => {
  it('needs a path and an old_string, and takes nothing unknown', () => {
    expect(
      EditFileParameters.safeParse({ path: '', old_string: 'x', new_string: '' }).success,
    ).toBe(false);
    // Empty only to fill an empty file; the engine refuses it anywhere else, saying why.
    expect(
      EditFileParameters.safeParse({ path: 'a', old_string: '', new_string: 'x' }).success,
    ).toBe(true);
    expect(
      EditFileParameters.safeParse({ path: 'a', old_string: 'x', new_string: '', all: true })
        .success,
    ).toBe(false);
    expect(
      EditFileParameters.safeParse({ path: 'a', old_string: 'x', new_string: '' }).success,
    ).toBe(true);
  });
});
