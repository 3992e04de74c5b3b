// The package's own test: what the days after day 4 rely on from its finished tools. The tools
// themselves are tested where they are written, in solutions/d4; this guards the seam.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTools } from './index';

const folders: string[] = [];
afterEach(async () => {
  await Promise.all(
    folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })),
  );
});

async function callTool(options: {
  tools: ReturnType<typeof createTools>;
  name: string;
  args: Record<string, unknown>;
  cwd: string;
}) {
  const tool = options.tools.find((candidate) => candidate.name === options.name);
  if (tool === undefined) throw new Error(`no tool named ${options.name}`);
  const args = tool.parameters.parse(options.args);
  return tool.run(args, { cwd: options.cwd, signal: new AbortController().signal });
}

describe('@agent-course/finished-d4', () => {
  it("gives the model day 4's six tools, in the order it sees them", () => {
    expect(createTools().map((tool) => tool.name)).toEqual([
      'glob',
      'grep',
      'read_file',
      'edit_file',
      'create_file',
      'run_command',
    ]);
  });

  it('lets an edit through only after a read by the same set of tools', async () => {
    const cwd = await mkdtemp(path.join(tmpdir(), 'finished-d4-'));
    folders.push(cwd);
    await writeFile(path.join(cwd, 'a.txt'), 'one\ntwo\n');
    const edit = { path: 'a.txt', old_string: 'two', new_string: 'three' };

    const fresh = createTools();
    expect((await callTool({ tools: fresh, name: 'edit_file', args: edit, cwd })).ok).toBe(false);
    await callTool({ tools: fresh, name: 'read_file', args: { path: 'a.txt' }, cwd });
    expect((await callTool({ tools: fresh, name: 'edit_file', args: edit, cwd })).ok).toBe(true);
    expect(await readFile(path.join(cwd, 'a.txt'), 'utf8')).toBe('one\nthree\n');

    // Another conversation has read nothing.
    const other = createTools();
    const refused = await callTool({
      tools: other,
      name: 'edit_file',
      args: { ...edit, old_string: 'three', new_string: 'four' },
      cwd,
    });
    expect(refused).toMatchObject({ ok: false });
  });

  it('reports an exit code as an ordinary result', async () => {
    const cwd = await mkdtemp(path.join(tmpdir(), 'finished-d4-'));
    folders.push(cwd);
    const ran = await callTool({
      tools: createTools(),
      name: 'run_command',
      args: { command: 'echo hi; exit 3' },
      cwd,
    });
    expect(ran.ok).toBe(true);
    expect(ran.content).toMatch(/^exit code 3 after /);
    expect(ran.content).toContain('hi');
  });
});
