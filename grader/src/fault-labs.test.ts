import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GradeResult, MAX_PRINTED_LAST_LINES, MAX_PRINTED_LINES } from '@agent-course/course';
import { KIT_ROOT } from './beside-lab/kit-paths';
import { createLabFolder, fixtureLab, makeLab, runGrader } from './test-helpers';

/** Every check id in report order, to assert that a full report came back. */
const ALL_CHECKS = [
  'tool-schemas',
  'path-boundary',
  'fragment-merging',
  'bad-arguments',
  'unknown-tool',
  'truncation',
  'call-order',
];

/**
 * Seconds of CPU time (and of idle time) per check. A busy machine cannot make a correct check use
 * more CPU, so this only needs room for the slowest correct check; a hanging check costs this much.
 */
const TIMEOUT_SECONDS = 5;
const ALL_PASS = Object.fromEntries(ALL_CHECKS.map((id) => [id, 'pass']));
/** The checks that import the lab's entry (src/index.ts), each given the same status. */
const IMPORTING_CHECKS = ['tool-schemas', 'path-boundary', 'fragment-merging', 'truncation'];
const importingChecksAre = (status: string) =>
  Object.fromEntries(IMPORTING_CHECKS.map((id) => [id, status]));
/** Every check, given the same status. */
const allChecksAre = (status: string) => Object.fromEntries(ALL_CHECKS.map((id) => [id, status]));

let folder: Awaited<ReturnType<typeof createLabFolder>>;
beforeAll(async () => {
  folder = await createLabFolder();
});
afterAll(() => folder.remove());

/** Grades a fault lab with a short time limit and returns each check's status. */
async function gradeFaultLab(name: string, { passes = false }: { passes?: boolean } = {}) {
  const lab = await makeLab({ into: join(folder.root, name), lab: fixtureLab(name) });
  const { exitCode, stdout } = await runGrader([
    'd3',
    '--lab',
    lab,
    '--timeout',
    String(TIMEOUT_SECONDS),
    '--json',
  ]);
  const result = GradeResult.parse(JSON.parse(stdout));
  expect(result.checks.map((check) => check.id)).toEqual(ALL_CHECKS);
  expect(exitCode).toBe(passes ? 0 : 1);
  const statuses = Object.fromEntries(
    result.checks.map((check) => [
      check.id,
      check.status === 'error' ? check.errorKind : check.status,
    ]),
  );
  const messages = Object.fromEntries(result.checks.map((check) => [check.id, check.message]));
  const hints = Object.fromEntries(result.checks.map((check) => [check.id, check.hint]));
  const printed = Object.fromEntries(result.checks.map((check) => [check.id, check.printed]));
  return { statuses, messages, hints, printed, loadError: result.loadError };
}

describe('a misbehaving lab still gets a full seven-check report', () => {
  it("a lab that writes a pass on the grader's channel gets no mark for it", async () => {
    const { statuses, messages, hints } = await gradeFaultLab('forges-a-pass');
    // What it wrote is no answer of the check process's: the check fails, saying so, and the
    // spinning process is stopped with it.
    expect(statuses).toEqual({ ...ALL_PASS, truncation: 'fail' });
    expect(messages.truncation).toContain('a message the grader cannot read on its channel');
    expect(hints.truncation).toContain('file descriptor 3');
  });

  it('a check that hangs is stopped at the time limit; flooded output harms nothing', async () => {
    const { statuses, messages, hints, printed } = await gradeFaultLab(
      'hangs-in-truncation-and-floods',
    );
    expect(statuses).toEqual({ ...ALL_PASS, truncation: 'timeout' });
    expect(messages.truncation).toContain(`used ${TIMEOUT_SECONDS} s of CPU time`);
    // Running out of time says nothing about which TODO is wrong, so none is named.
    expect(hints.truncation).toBe('');
    // What it printed before it was stopped is still shown: the first lines, and the count last
    // told of the 3,000 (2,048: past the first hundred, told at 128, 256, ... lines).
    expect(printed.truncation).toEqual({
      lines: Array.from(
        { length: MAX_PRINTED_LINES },
        (_, turn) => `DEBUG still truncating, turn ${turn + 1}`,
      ),
      moreLines: 2048 - MAX_PRINTED_LINES,
      stopped: true,
    });
    // The flood while importing came before any check, so no check shows it.
    expect(printed['fragment-merging']).toBeUndefined();
  });

  it('an entry that throws at import fails only the checks that import it', async () => {
    const { statuses, messages, hints, loadError } = await gradeFaultLab('throws-at-import');
    // The command line's checks import src/main.ts, which does not go through src/index.ts.
    expect(statuses).toEqual({ ...ALL_PASS, ...importingChecksAre('crashed') });
    // No exercise owns the entry's lines, so no TODO is named.
    expect(loadError).toEqual({ where: 'src/index.ts:1', reason: 'broken on purpose at import' });
    expect(messages.truncation).toBe('not run: the lab does not load (src/index.ts:1)');
    expect(hints.truncation).toBe('');
  });

  it('a lab that throws while it loads says where once, with its TODO, and its checks that they did not run', async () => {
    const { statuses, messages, hints, loadError } = await gradeFaultLab(
      'throws-while-loading-truncation',
    );
    expect(statuses).toEqual(allChecksAre('crashed'));
    const where = loadError?.where ?? '';
    expect(where).toMatch(/^src\/truncate-result\.ts:\d+$/);
    expect(loadError).toEqual({ where, reason: 'top-level boom', exercise: 3 });
    // Neither each check's own hint nor a prerequisite's: their TODOs may well be right.
    for (const id of ALL_CHECKS) {
      expect(messages[id]).toBe(`not run: the lab does not load (${where})`);
      expect(hints[id]).toBe('');
    }

    const lab = join(folder.root, 'throws-while-loading-truncation');
    const text = await runGrader(['d3', '--lab', lab, '--timeout', String(TIMEOUT_SECONDS)]);
    expect(text.stdout.split('\n').filter((line) => line.includes('top-level boom'))).toEqual([
      `    importing it threw: top-level boom (at ${where})`,
    ]);
    expect(text.stdout).toContain('The lab does not load, so no check could run:');
    expect(text.stdout).toContain(`hint: ${where}, TODO(3) — this line runs as soon as`);
    expect(text.stdout).not.toMatch(/crashed|fails too|--seed/);
  });

  it('an entry that never finishes loading says so once, blaming no TODO: its checks did not run', async () => {
    const { statuses, messages, hints, loadError } = await gradeFaultLab('hangs-at-import');
    expect(statuses).toEqual(allChecksAre('crashed'));
    expect(loadError).toEqual({
      where: 'src/index.ts',
      reason: `it used ${TIMEOUT_SECONDS} s of CPU time without finishing, as a loop that never ends does`,
      unfinished: true,
    });
    for (const id of ALL_CHECKS) {
      expect(messages[id]).toBe('not run: the lab never finishes loading (src/index.ts)');
      expect(hints[id]).toBe('');
    }
  });

  it('a top-level await that never settles says so once, not a crash of every check blamed on its TODO', async () => {
    const name = 'waits-forever-while-loading-truncation';
    const { statuses, messages, hints, loadError } = await gradeFaultLab(name);
    expect(statuses).toEqual(allChecksAre('crashed'));
    expect(loadError).toEqual({
      where: 'src/index.ts',
      reason: 'it waited for a promise that never settles, with nothing left to run',
      unfinished: true,
    });
    for (const id of ALL_CHECKS) {
      expect(messages[id]).toBe('not run: the lab never finishes loading (src/index.ts)');
      expect(hints[id]).toBe('');
    }

    const lab = join(folder.root, name);
    const text = await runGrader(['d3', '--lab', lab, '--timeout', String(TIMEOUT_SECONDS)]);
    expect(text.stdout).toContain('The lab never finishes loading, so no check could run:');
    expect(text.stdout).toContain('hint: look at the code that runs as soon as a file is imported');
    expect(text.stdout).not.toMatch(/crashed|fails too|TODO\(|--seed/);
  });

  it("a lab's throw can neither act on the grader's terminal nor show the machine's folders", async () => {
    const { statuses, messages } = await gradeFaultLab('throws-escapes-and-paths');
    expect(statuses).toEqual({ ...ALL_PASS, truncation: 'fail' });
    expect(messages.truncation).toContain('OVERWRITE');
    const lab = join(folder.root, 'throws-escapes-and-paths');
    const text = await runGrader(['d3', '--lab', lab, '--timeout', String(TIMEOUT_SECONDS)]);
    for (const report of [text.stdout, messages.truncation!]) {
      expect(report).toContain('OVERWRITE');
      // ESC, BEL and CR would set the title, clear the screen and overwrite a line.
      expect(report).not.toMatch(/[\u0007\u001b\r]/);
      expect(report).not.toContain(KIT_ROOT);
      expect(report).not.toContain('agent-course-grade-');
    }
  });

  it('process.exit and a promise that never settles each fail only their check, clearly', async () => {
    const { statuses, messages, hints } = await gradeFaultLab('exits-and-never-settles');
    expect(statuses).toEqual({ ...ALL_PASS, 'path-boundary': 'crashed', truncation: 'fail' });
    expect(messages['path-boundary']).toBe(
      'never finished: the check waited for a promise that never settles, with nothing left to run',
    );
    // Like a stop for time, it says where to look, and names no TODO: any exercise may hold the await.
    expect(hints['path-boundary']).toMatch(/^look for an await, in the code this check runs/);
    expect(hints['path-boundary']).not.toContain('TODO(');
    expect(messages.truncation).toMatch(
      /\ngot: the lab called process\.exit\(3\); a library function must return, not exit \(at src\/truncate-result\.ts:\d+\)$/,
    );
    // Said as an exit, with its line and TODO, not as a throw, nor with the 60/40 hint.
    expect(hints.truncation).toMatch(
      /^src\/truncate-result\.ts:\d+, TODO\(3\) — this line calls process\.exit, which ends the whole process there/,
    );
  });

  it('a promise nothing awaits fails the checks it ends, pointing at the line that made its error, and at no TODO', async () => {
    const { statuses, messages, hints } = await gradeFaultLab('rejects-unhandled-in-a-tool');
    for (const id of ['path-boundary', 'call-order']) {
      expect(statuses[id], id).toBe('crashed');
      expect(messages[id], id).toMatch(
        /^a promise in the lab rejected unhandled: forgot to await the cache write \(at src\/tools\/read-file\.ts:\d+\)$/,
      );
      // read-file.ts is given code: the place, and no exercise's TODO (each check's own named one).
      expect(hints[id], id).toMatch(/^src\/tools\/read-file\.ts:\d+ — the error made on this line/);
      expect(hints[id], id).not.toContain('TODO(');
    }
    // Node's own error for a file read carries no line of the lab's: where to look, and no TODO.
    expect(statuses.truncation).toBe('crashed');
    expect(messages.truncation).toContain('ENOENT');
    expect(hints.truncation).toMatch(
      /^nothing in the error's stack is a line of the lab's: look for a promise/,
    );
  });

  it("what the lab's processes are started with reaches the report without the kit's path", async () => {
    const { messages } = await gradeFaultLab('glob-throws-its-start');
    expect(messages['call-order']).toContain(
      '<kit>/grader/src/process-control/apply-node-flags.mjs',
    );
    expect(messages['call-order']).not.toContain('file://');
  });

  it('a lab reading a file beside its source through import.meta.url grades as under pnpm start', async () => {
    const { statuses } = await gradeFaultLab('reads-a-file-beside-its-source', { passes: true });
    expect(statuses).toEqual(ALL_PASS);
  });

  it('what a lab prints while a check runs shows under that check, bounded, escape sequences shown as ?', async () => {
    const lab = await makeLab({
      into: join(folder.root, 'prints-while-checked'),
      lab: fixtureLab('prints-while-checked'),
    });
    const { exitCode, stdout } = await runGrader(['d3', '--lab', lab, '--json']);
    expect(exitCode).toBe(0);
    const result = GradeResult.parse(JSON.parse(stdout));
    const printed = Object.fromEntries(result.checks.map((check) => [check.id, check.printed]));
    // Each long result the truncation check truncates prints 1,001 lines: the first and the last
    // few are kept, the lines between counted.
    expect(printed.truncation?.lines).toEqual([
      'DEBUG truncating 20000 characters',
      ...Array.from({ length: MAX_PRINTED_LINES - 1 }, (_, line) => `\\x1b[31mnoise ${line + 1}`),
    ]);
    expect(printed.truncation?.lastLines).toEqual(
      Array.from({ length: MAX_PRINTED_LAST_LINES }, (_, line) => `\\x1b[31mnoise ${996 + line}`),
    );
    const total = (printed.truncation?.moreLines ?? 0) + MAX_PRINTED_LINES + MAX_PRINTED_LAST_LINES;
    expect(total % 1001).toBe(0);
    // The tool schemas check runs no tool.
    expect(printed['tool-schemas']).toBeUndefined();

    // The check passed, so the text report says how much it printed; --verbose shows the lines.
    const lineAfter = async (args: string[]) => {
      const lines = (await runGrader(['d3', '--lab', lab, ...args])).stdout.split('\n');
      return lines.slice(lines.findIndex((line) => line.startsWith('✓ truncation')) + 1);
    };
    expect((await lineAfter([]))[0]).toBe(
      `    the lab printed ${total.toLocaleString('en-US')} lines while this check ran (--verbose shows the first and last of them)`,
    );
    const verbose = await lineAfter(['--verbose']);
    expect(verbose.slice(0, 2)).toEqual([
      `    the lab printed ${total.toLocaleString('en-US')} lines while this check ran; the first ${MAX_PRINTED_LINES} and the last ${MAX_PRINTED_LAST_LINES}:`,
      '      DEBUG truncating 20000 characters',
    ]);
    expect(verbose.join('\n')).not.toContain('\u001b[31m');
  });

  it('a lab that does not compile says where once, in plain words, and its checks that they did not run', async () => {
    const lab = await makeLab({
      into: join(folder.root, 'does-not-compile'),
      lab: fixtureLab('does-not-compile'),
    });
    const { exitCode, stdout } = await runGrader(['d3', '--lab', lab, '--json']);
    const result = GradeResult.parse(JSON.parse(stdout));
    expect(exitCode).toBe(1);
    const where = result.compileError?.where ?? '';
    expect(where).toMatch(/^src\/truncate-result\.ts:\d+$/);
    expect(result.compileError?.problems).toEqual([`${where}: Unexpected ";"`]);
    for (const check of result.checks) {
      expect(check).toMatchObject({
        status: 'error',
        message: `not run: the lab does not compile (${where})`,
        hint: '',
      });
    }

    const text = await runGrader(['d3', '--lab', lab]);
    const lines = text.stdout.split('\n');
    // Said once, above the checks, with what to do; esbuild's own words ("Transform failed", its
    // ERROR: prefix) name its steps, not the student's file, and stay out.
    expect(lines.filter((line) => line.includes('Unexpected ";"'))).toEqual([
      `    ${where}: Unexpected ";"`,
    ]);
    expect(text.stdout).toContain('The lab does not compile, so no check could run:');
    expect(text.stdout).toContain(`hint: fix ${where} first`);
    expect(text.stdout).not.toMatch(/Transform failed|ERROR:|crashed/);
    expect(text.stdout).not.toMatch(/^\s+at |\/ +at |node:internal|Node\.js v/m);
    // No check ran, so no seed can replay anything.
    expect(text.stdout).not.toContain('--seed');
  });
});
