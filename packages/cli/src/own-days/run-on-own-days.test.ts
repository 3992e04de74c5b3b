// The preload as a lab's `pnpm start` runs it, in a real child process, on a throwaway kit: a day 9
// lab building on day 3, a stand-in for the kit's finished day 3 in its node_modules, and a
// student's own labs/d3. What the day prints shows whose day 3 it imported.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const PRELOAD = fileURLToPath(new URL('./run-on-own-days.ts', import.meta.url));
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm')).href;

const MANIFEST = `export default ${JSON.stringify({
  id: 'd9',
  title: 'a day for tests',
  draft: false,
  start: 'src/main.ts',
  buildsOn: ['d3'],
  starterScore: 0,
  exercises: [],
  checks: [{ id: 'one', title: 'one', hints: { default: 'x' } }],
})};\n`;

const roots: string[] = [];
afterEach(async () => {
  for (const root of roots.splice(0)) await rm(root, { recursive: true, force: true });
});

async function kit(files: Record<string, string>): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), 'own-days-'));
  roots.push(root);
  const all: Record<string, string> = {
    'labs/d9/day.ts': MANIFEST,
    'labs/d9/package.json': '{ "name": "d9-lab", "type": "module" }\n',
    'labs/d9/src/main.ts':
      "import { whose } from '@agent-course/finished-d3';\nconsole.log(`ran on ${whose}`);\n",
    'labs/d9/node_modules/@agent-course/finished-d3/package.json':
      '{ "name": "@agent-course/finished-d3", "type": "module", "exports": "./index.js" }\n',
    'labs/d9/node_modules/@agent-course/finished-d3/index.js':
      "export const whose = 'the kit';\nexport const helper = 1;\n",
    ...files,
  };
  for (const [file, text] of Object.entries(all)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), text);
  }
  return root;
}

/** The lab's `pnpm start`, reduced to what it runs: node with tsx and the preload. */
const start = (root: string) =>
  new Promise<{ exitCode: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ['--import', TSX, '--import', PRELOAD, 'src/main.ts'],
      { cwd: path.join(root, 'labs/d9') },
      (error, stdout, stderr) => {
        const exitCode = error ? Number((error as { code?: unknown }).code ?? 1) : 0;
        resolve({ exitCode, stdout: stdout.trim(), stderr });
      },
    );
  });

const SWITCHED = {
  'my-days.json': '{ "d3": "mine" }\n',
  'labs/d3/package.json': '{ "name": "d3-lab", "type": "module" }\n',
};

describe("a lab's pnpm start, with earlier days switched or not", () => {
  it("runs on the kit's day 3 by default, and says so first", async () => {
    const ran = await start(
      await kit({ 'labs/d3/src/index.ts': "export const whose = 'mine';\n" }),
    );
    expect(ran.stderr.split('\n')[0]).toBe(
      "day 9 runs on the kit's day 3; `pnpm switch d3 mine` runs it on yours",
    );
    expect(ran.stdout).toBe('ran on the kit');
    expect(ran.exitCode).toBe(0);
    // A repository of day 9 alone (a class's template) has no day 3 of the student's to switch to.
    const alone = await start(await kit({}));
    expect(alone.stderr.split('\n')[0]).toBe("day 9 runs on the kit's day 3");
  });

  it("runs the student's own day 3 once it is switched", async () => {
    const ran = await start(
      await kit({
        ...SWITCHED,
        'labs/d3/src/index.ts': "export const whose = 'mine';\nexport const helper = 2;\n",
      }),
    );
    expect(ran.stderr.split('\n')[0]).toBe(
      "day 9 runs on your day 3 (labs/d3); `pnpm switch d3 kit` runs it on the kit's",
    );
    expect(ran.stdout).toBe('ran on mine');
    expect(ran.exitCode).toBe(0);
    expect(ran.stderr).toContain(
      "This run used your own day 3 (labs/d3). If it went wrong, `pnpm grade d3` checks that day, and `pnpm switch d3 kit` runs on the kit's.",
    );
  });

  it('stops, naming the day, the file and what to do, when the own day lacks a name', async () => {
    const ran = await start(
      await kit({ ...SWITCHED, 'labs/d3/src/index.ts': "export const whose = 'mine';\n" }),
    );
    expect(ran.exitCode).toBe(1);
    expect(ran.stdout).toBe('');
    expect(ran.stderr).toContain(
      "Your day 3 (labs/d3/src/index.ts) does not export helper, which the days after it use; export them there, or run `pnpm switch d3 kit` to run on the kit's day 3.",
    );
  });

  it('stops when the own day does not load, without a stack or a machine path', async () => {
    const root = await kit({
      ...SWITCHED,
      'labs/d3/src/index.ts': "throw new Error('not finished');\n",
    });
    const ran = await start(root);
    expect(ran.exitCode).toBe(1);
    expect(ran.stderr).toContain('Your day 3 (labs/d3), which this day runs on, does not load:');
    expect(ran.stderr).toContain("pnpm switch d3 kit` to run on the kit's day 3");
    expect(ran.stderr).not.toContain(root);
    expect(ran.stderr).not.toMatch(/^\s+at /m);
  });

  it('stops with what to mend when my-days.json is broken or names a missing lab', async () => {
    const broken = await start(await kit({ 'my-days.json': '{ "d3": "yes" }' }));
    expect(broken.exitCode).toBe(2);
    expect(broken.stderr).toContain('my-days.json: d3: write "mine"');
    const missing = await start(await kit(SWITCHED));
    expect(missing.exitCode).toBe(2);
    expect(missing.stderr).toContain(
      'my-days.json runs day 3 as yours, but labs/d3/src/index.ts does not exist',
    );
  });
});
