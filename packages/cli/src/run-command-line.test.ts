import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_QUESTION_CHARS } from './main';
import { whereThrown } from './run-command-line';
import { runMain } from './testing/run-main';

/** A tiny day built on the command line: one tool that lists the folder, and a naive loop. */
const MAIN = fileURLToPath(new URL('./__fixtures__/folder-day/main.ts', import.meta.url));
/** What the folder day's tool feeds back for the repository below: its three names. */
const LISTING = 'README.md\nsrc\ntest';

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'cli-'));
  const repository = join(scratch, 'repository');
  await mkdir(join(repository, 'src'), { recursive: true });
  await mkdir(join(repository, 'test'));
  await writeFile(join(repository, 'README.md'), '# repository\n');
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

/** Runs the folder day's command line, invoked from the scratch folder. */
const cli = (args: string[], env: Record<string, string> = {}) =>
  runMain({ main: MAIN, args, env: { INIT_CWD: scratch, ...env }, cwd: scratch });

const offline = (args: string[] = [], env: Record<string, string> = {}) =>
  cli(['--cwd', 'repository', ...args], { MOCK: '1', ...env });

// Each case starts a real Node process; on a loaded two-core machine that can take seconds.
describe('the command line a day runs', { timeout: 60_000 }, () => {
  it("runs the day's loop offline in the --cwd folder, relative to where it was invoked", async () => {
    const { code, stdout, stderr } = await offline();
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(stdout.split('\n')).toEqual([
      '? Why are the tests in this repository red?',
      'Let me look.',
      '> list_folder({})',
      `✓ list_folder fed back ${LISTING.length} chars - README.md`,
      'The folder holds 3 names.',
      '',
    ]);
  });

  it('reads the question from stdin, to its end, when it is given as -', async () => {
    const asked = await runMain({
      main: MAIN,
      args: ['-', '--cwd', 'repository'],
      env: { INIT_CWD: scratch, MOCK: '1' },
      cwd: scratch,
      stdin: '  Which names\nare here?\n',
    });
    expect({ code: asked.code, stderr: asked.stderr }).toEqual({ code: 0, stderr: '' });
    expect(asked.stdout).toMatch(/^\? Which names\nare here\?\n/);
    const empty = await runMain({
      main: MAIN,
      args: ['-'],
      env: { INIT_CWD: scratch, MOCK: '1' },
      cwd: scratch,
      stdin: ' \n',
    });
    expect([empty.code, empty.stdout]).toEqual([2, '']);
    expect(empty.stderr).toMatch(
      /^stdin ended without a question; pipe one in .+ \| pnpm start -\)/,
    );
    const long = await runMain({
      main: MAIN,
      args: ['-'],
      env: { INIT_CWD: scratch, MOCK: '1' },
      cwd: scratch,
      stdin: 'x'.repeat(MAX_QUESTION_CHARS + 1),
    });
    expect([long.code, long.stdout]).toEqual([2, '']);
    expect(long.stderr).toContain('over 100,000 characters');
  });

  it('writes the conversation and every result to --transcript', async () => {
    const file = join(scratch, 'transcript.json');
    const { code } = await offline(['Which names?', '--transcript', 'transcript.json']);
    expect(code).toBe(0);
    const transcript = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
    expect(transcript).toMatchObject({
      question: 'Which names?',
      cwd: join(scratch, 'repository'),
      stopReason: 'done',
      results: [{ name: 'list_folder', ok: true, contentChars: LISTING.length }],
    });
    expect(transcript.messages).toHaveLength(4);
  });

  it('writes the transcript with no character a terminal obeys or reorders by, the same JSON all the same', async () => {
    const file = join(scratch, 'transcript-controls.json');
    // A C1 CSI (clear the screen), DEL, a right-to-left override and an invisible tag character:
    // JSON.stringify leaves them raw, and `cat transcript.json` hands them to the terminal.
    const question = 'Which \u009b2J names\u007f?\u202e\u{e0041}';
    const { code } = await offline([question, '--transcript', 'transcript-controls.json']);
    expect(code).toBe(0);
    const text = await readFile(file, 'utf8');
    expect(text).toContain('"question": "Which \\u009b2J names\\u007f?\\u202e\\udb40\\udc41"');
    expect((JSON.parse(text) as { question: string }).question).toBe(question);
  });

  it("prints the day's help, with its summary, default turns and injections", async () => {
    const { code, stdout } = await cli(['--help']);
    expect(code).toBe(0);
    expect(stdout).toContain('Runs the folder agent: it lists the working folder');
    expect(stdout).toContain('stop after N model turns (default 4)');
    expect(stdout).toContain(
      '  INJECT=broken_json   with MOCK=1: send arguments that are not JSON, which this loop cannot take\n',
    );
  });

  it('answers a bad flag, a bad --max-turns and an unknown injection with exit code 2', async () => {
    const flag = await offline(['--turbo']);
    expect(flag.code).toBe(2);
    expect(flag.stderr).toContain("Unknown option '--turbo'");
    expect(flag.stderr).toContain('Usage: pnpm start');
    const turns = await offline(['--max-turns', '0']);
    expect(turns.code).toBe(2);
    expect(turns.stderr).toContain('--max-turns takes a whole number of at least 1, not "0".');
    const injection = await offline([], { INJECT: 'everything' });
    expect(injection.code).toBe(2);
    expect(injection.stderr).toBe('INJECT=everything is not known; use one of: broken_json.\n');
  });

  it('refuses a --cwd that does not exist or is a file, with a sentence and no stack', async () => {
    const missing = await cli(['--cwd', 'no/such/place'], { MOCK: '1' });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe(
      "--cwd no/such/place: no such directory; pass a repository's path.\n",
    );
    const file = await cli(['--cwd', 'repository/README.md'], { MOCK: '1' });
    expect(file.code).toBe(2);
    expect(file.stderr).toBe(
      "--cwd repository/README.md: a file, not a directory; pass a repository's folder.\n",
    );
  });

  it('names the variables to set when no endpoint is configured', async () => {
    const { code, stderr } = await cli([], { MOCK: '', OPENAI_API_KEY: '', MODEL: '' });
    expect(code).toBe(2);
    expect(stderr).toMatch(/OPENAI_API_KEY/);
    expect(stderr).toMatch(/MOCK=1/);
  });

  it('stops at --max-turns with the loop’s sentence and exit code 1', async () => {
    const { code, stderr } = await offline(['--max-turns', '1']);
    expect(code).toBe(1);
    expect(stderr).toBe('\nStopped: no answer within 1 turns\n');
  });

  it('turns a bug in the day into one sentence and exit code 1, the stack only under DEBUG', async () => {
    const plain = await offline([], { INJECT: 'broken_json' });
    expect(plain.code).toBe(1);
    expect(plain.stderr).toMatch(/^\nThe agent stopped on an unexpected error: .*JSON/);
    // The line of the day's own code that threw, from the folder above its main.ts.
    expect(plain.stderr).toMatch(/JSON.* \(at folder-day\/main\.ts:\d+\)\n/);
    // ...and that is where to look, not the registry: the throw was not a tool's.
    expect(plain.stderr).toMatch(
      /Look at folder-day\/main\.ts:\d+, where it was thrown; set DEBUG=1/,
    );
    expect(plain.stderr).not.toContain('src/tool-registry.ts');
    expect(plain.stderr).not.toContain('    at ');
    const debug = await offline([], { INJECT: 'broken_json', DEBUG: '1' });
    expect(debug.stderr).toContain('    at ');
  });

  it('colors its cards under FORCE_COLOR even into a pipe, and never under NO_COLOR', async () => {
    const forced = await offline([], { NO_COLOR: '', FORCE_COLOR: '1' });
    expect(forced.stdout).toContain('\u001b[');
    const plain = await offline([], { NO_COLOR: '1' });
    expect(plain.code).toBe(0);
    expect(plain.stdout).not.toContain('\u001b[');
  });

  it('replays a RECORD file with REPLAY to the same cards, and asks without streaming under STREAM=0', async () => {
    const file = join(scratch, 'session.jsonl');
    const recorded = await offline([], { RECORD: 'session.jsonl' });
    expect(recorded.code).toBe(0);
    const header = JSON.parse((await readFile(file, 'utf8')).split('\n')[0]!) as { source: string };
    expect(header.source).toBe('scripted model (MOCK=1), not a real endpoint');
    const replayed = await offline([], { REPLAY: 'session.jsonl', MOCK: '', OPENAI_API_KEY: '' });
    expect(replayed.code).toBe(0);
    expect(replayed.stdout).toBe(recorded.stdout);
    const unstreamed = await offline([], { STREAM: '0' });
    expect(unstreamed.stdout).toBe(recorded.stdout);
  });

  it('refuses a REPLAY or STREAM it cannot use with a sentence and exit code 2', async () => {
    const missing = await cli([], { REPLAY: 'no-such.jsonl', MOCK: '' });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe(
      'REPLAY=no-such.jsonl: no such file; name a file made with RECORD=path.jsonl.\n',
    );
    const both = await cli([], { REPLAY: 'x.jsonl', MOCK: '1' });
    expect(both.stderr).toContain('drop MOCK=1 or REPLAY');
    const stream = await offline([], { STREAM: 'yes' });
    expect(stream.code).toBe(2);
    expect(stream.stderr).toBe('STREAM=yes is not known; set STREAM=0 to ask without streaming.\n');
  });

  it("refuses SELFTEST outside a day's folder, saying where to run it", async () => {
    const { code, stderr } = await cli([], { SELFTEST: '1' });
    expect(code).toBe(2);
    expect(stderr).toBe(
      `SELFTEST grades a day's folder such as labs/d3, not "cli"; run it from labs/dN.\n`,
    );
  });
});

describe('whereThrown', () => {
  const thrownAt = (file: string) => {
    const error = new Error('boom');
    error.stack = `Error: boom\n    at push (${file}:29:11)\n    at /kit/packages/core/src/x.ts:3:1`;
    return error;
  };

  it("names the day's own file, or, when the day runs on the student's own earlier day, that lab's", () => {
    expect(
      whereThrown({ error: thrownAt('/kit/labs/d4/src/a.ts'), dayFolder: '/kit/labs/d4' }),
    ).toBe('src/a.ts:29');
    expect(
      whereThrown({
        error: thrownAt('/kit/labs/d3/src/tool-call-accumulator.ts'),
        dayFolder: '/kit/labs/d4',
      }),
    ).toBe('labs/d3/src/tool-call-accumulator.ts:29');
    // The kit's own packages are never the student's to fix; a solution has no other labs.
    expect(whereThrown({ error: thrownAt('/kit/packages/x.ts'), dayFolder: '/kit/labs/d4' })).toBe(
      undefined,
    );
    expect(
      whereThrown({ error: thrownAt('/kit/labs/d3/src/a.ts'), dayFolder: '/kit/solutions/d4' }),
    ).toBe(undefined);
  });
});
