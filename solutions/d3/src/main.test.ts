import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMain } from '@agent-course/cli/testing';
import { findMessageProblems } from '@agent-course/core';
import type { Message } from '@agent-course/core';
import { createSandbox } from '@agent-course/sandbox';
import { findFeedbackGaps } from './feedback-rules';
import type { FeedbackRule } from './feedback-rules';

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));
/** The header read_file puts on the 13-line calculator of the sandbox. */
const CALC_HEADER = 'src/calc.js (lines 1-13 of 13)';

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'd3-main-'));
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

/** Runs the day-3 command line, started from the scratch folder. */
const cli = (args: string[], env: Record<string, string> = {}) =>
  runMain({ main: MAIN, args, env, cwd: scratch });

interface Transcript {
  stopReason: string;
  messages: Message[];
  results: Array<{ name: string; ok: boolean; contentChars: number; meta?: unknown }>;
}

async function offlineRun(name: string, env: Record<string, string> = {}, args: string[] = []) {
  const file = join(scratch, `${name}.json`);
  const result = await cli(['--transcript', file, ...args], { MOCK: '1', ...env });
  const transcript = JSON.parse(await readFile(file, 'utf8')) as Transcript;
  return { ...result, transcript };
}

// What day 3 brings to the command line: its tools, loop and scenario, seen from outside. The
// command line itself (flags, --cwd checks, RECORD/REPLAY, STREAM, colors) is tested in
// packages/cli. Each case starts a real Node process; on a loaded two-core machine that can take seconds.
describe('the day-3 command line', { timeout: 60_000 }, () => {
  it('investigates the red test: glob, grep, read_file feeding back 50, 361 and 248 chars', async () => {
    const { code, stdout, transcript } = await offlineRun('investigate');
    expect(code).toBe(0);
    const fedBack = { glob: 50, grep: 361, read_file: 248 };
    expect(
      transcript.results.map(({ name, ok, contentChars }) => [name, ok, contentChars]),
    ).toEqual(Object.entries(fedBack).map(([name, chars]) => [name, true, chars]));
    const cards = stdout.split('\n').filter((line) => /^[>✓✗] /.test(line));
    expect(cards).toEqual([
      '> glob({"pattern":"**/*.js"})',
      `✓ glob fed back ${fedBack.glob} chars - src/calc.js`,
      '> grep({"pattern":"divide"})',
      expect.stringMatching(new RegExp(`^✓ grep fed back ${fedBack.grep} chars - README\\.md:3:`)),
      '> read_file({"path":"src/calc.js"})',
      `✓ read_file fed back ${fedBack.read_file} chars - ${CALC_HEADER}`,
    ]);
    const conclusion = transcript.messages.at(-1);
    expect(conclusion).toMatchObject({ role: 'assistant', toolCalls: [] });
    expect(conclusion?.content).toContain('src/calc.js line 12');
    expect(transcript.stopReason).toBe('done');
    expect(findMessageProblems({ messages: transcript.messages })).toEqual([]);
  });

  it('recovers from broken arguments and exits 0 (INJECT=bad_args)', async () => {
    const { code, transcript } = await offlineRun('bad-args', { INJECT: 'bad_args' });
    expect(code).toBe(0);
    const feedback = transcript.messages.filter((message) => message.role === 'tool').slice(0, 3);
    const [notJson, missing, wrongType] = feedback.map((message) => message.content);
    const rules: Array<[FeedbackRule, string | undefined]> = [
      [{ failure: 'invalid JSON', args: '{"path":"src/calc.js"' }, notJson],
      [{ failure: 'schema violation', field: 'pattern', expected: 'string' }, missing],
      [{ failure: 'schema violation', field: 'limit', expected: 'number' }, wrongType],
    ];
    for (const [rule, content] of rules) expect(findFeedbackGaps(rule, content ?? '')).toEqual([]);
    expect(transcript.results.map((result) => result.ok)).toEqual([
      false,
      false,
      false,
      true,
      true,
      true,
    ]);
    expect(findMessageProblems({ messages: transcript.messages })).toEqual([]);
  });

  it('answers an unknown tool with the tools that exist, then carries on (INJECT=unknown_tool)', async () => {
    const { code, stdout, transcript } = await offlineRun('unknown-tool', {
      INJECT: 'unknown_tool',
    });
    expect(code).toBe(0);
    expect(stdout).toMatch(/^✗ edit_file fed back \d+ chars - /m);
    expect(transcript.results.map(({ name, ok }) => [name, ok])).toEqual([
      ['edit_file', false],
      ['read_file', true],
    ]);
    const answer = transcript.messages.find((message) => message.role === 'tool')?.content ?? '';
    const rule = {
      failure: 'unknown tool',
      name: 'edit_file',
      available: ['glob', 'grep', 'read_file'],
    } as const;
    expect(findFeedbackGaps(rule, answer)).toEqual([]);
    // The scripted model read that answer as the list of tools that exist, and said so.
    expect(transcript.messages.at(-3)?.content).toContain('No editing tool exists today');
    expect(findMessageProblems({ messages: transcript.messages })).toEqual([]);
  });

  it('works in the repository --cwd names, relative to where it was invoked', async () => {
    const sandbox = await createSandbox({ directory: join(scratch, 'repository') });
    const { code, transcript } = await offlineRun('cwd', { INIT_CWD: scratch }, [
      '--cwd',
      'repository',
    ]);
    expect(code).toBe(0);
    expect(transcript.results[0]?.contentChars).toBe(50);
    await sandbox.cleanup();
  });

  it('stops at --max-turns with a sentence and exit code 1', async () => {
    const { code, stderr } = await cli(['--max-turns', '2'], { MOCK: '1' });
    expect(code).toBe(1);
    expect(stderr).toContain('limit of 2 turns');
  });

  it("prints help with the day's summary and injections", async () => {
    const { code, stdout } = await cli(['--help']);
    expect(code).toBe(0);
    expect(stdout).toContain('Runs the day-3 agent');
    expect(stdout).toContain('INJECT=bad_args      with MOCK=1: send broken arguments first');
    expect(stdout).toContain('INJECT=unknown_tool  with MOCK=1: call a tool that does not exist');
  });

  it.each([
    ['scripted-investigate.jsonl', ''],
    ['scripted-bad-args.jsonl', 'bad_args'],
    ['scripted-unknown-tool.jsonl', 'unknown_tool'],
  ])('replays the shipped recording %s to what MOCK=1 shows', async (name, inject) => {
    const shipped = fileURLToPath(new URL(`../recordings/${name}`, import.meta.url));
    const [live, replayed] = await Promise.all([
      cli([], { MOCK: '1', INJECT: inject }),
      cli([], { REPLAY: shipped, MOCK: '' }),
    ]);
    expect(replayed.code).toBe(0);
    expect(replayed.stdout).toBe(live.stdout);
  });

  it('shows after each turn how much the conversation resends', async () => {
    const { stdout } = await cli([], { MOCK: '1' });
    const weights = stdout
      .split('\n')
      .filter((line) => line.startsWith('· conversation resent each turn: '))
      .map((line) => /, ([\d,]+) of them tool results$/.exec(line)?.[1]);
    // The three results, 50 + 361 + 248 chars, pile up and stay.
    expect(weights).toEqual(['50', '411', '659', '659']);
  });
});
