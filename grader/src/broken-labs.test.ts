import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GradeResult } from '@agent-course/course';
import { BROKEN_LABS } from './__fixtures__/broken-labs';
import { judgeLabInProcess } from './judging/judge-in-process';
import { createLabFolder, fixtureLab, gradeInProcess, makeLab } from './test-helpers';

let folder: Awaited<ReturnType<typeof createLabFolder>>;
beforeAll(async () => {
  folder = await createLabFolder();
});
afterAll(() => folder.remove());

/** The check every later check that needs merged calls depends on (dependsOn in day.ts). */
const MERGING = 'fragment-merging';

describe.concurrent('each broken lab fails the check it breaks', () => {
  for (const brokenLab of BROKEN_LABS) {
    const { name, check, hint, notInHint, message, why, realRunOnly } = brokenLab;
    // A merge mistake upsets the checks that depend on merging too, so those labs have every check
    // judged: only fragment-merging may blame an exercise first, every other failure points at it.
    const whole = check === MERGING;
    it(`${name} fails ${check}${whole ? ', and the rest blame it first' : ''}: ${why}`, async () => {
      const lab = await makeLab({ into: join(folder.root, name), lab: brokenLab });
      const only = whole ? undefined : check;
      // What is tested is the judging, so the checks are judged here in the test's process, as
      // the report would give them; a lab whose fault only the real run of its command line shows
      // is graded whole. The real run is made for those alone: what it adds to a check's own part
      // (an exit code set on the way out, a handle left open) is no merge mistake's.
      const { seed, checks, exitCode } = realRunOnly
        ? await gradeWhole({ lab, only })
        : { ...(await judgeLabInProcess({ dayId: 'd3', labDir: lab, only })), exitCode: undefined };
      const seen = `${name}, graded with --seed ${seed}`;
      const own = checks.find((entry) => entry.id === check);
      expect(own?.status, seen).toBe('fail');
      expect(own?.message, seen).toMatch(/^expected: .+\ngot: .+/);
      expect(own?.hint, seen).toContain(hint);
      if (notInHint) expect(own?.hint, seen).not.toContain(notInHint);
      if (message) expect(own?.message, seen).toMatch(message);
      // In process there is no exit code; a grade exits 1 when a check fails, as the own one did.
      if (exitCode !== undefined) expect(exitCode, seen).toBe(1);
      if (!whole) {
        expect(checks.map((entry) => entry.id)).toEqual([check]);
        return;
      }
      for (const other of checks.filter((entry) => entry.id !== check)) {
        if (other.status === 'pass') continue;
        expect(other.hint, `${other.id}: ${seen}`).toMatch(
          new RegExp(
            `^${MERGING} fails too, so fix it first: ${escapeRegExp(own!.hint.split(' — ')[0]!)} \\(its hint is above\\); then`,
          ),
        );
        // Given code that threw on the broken calls is not the student's to edit.
        expect(other.hint, `${other.id}: ${seen}`).not.toContain('make the code there handle');
      }
    });
  }
});

/** Grades `lab` whole through `pnpm grade`'s main, for what only the lab's real run shows. */
async function gradeWhole({ lab, only }: { lab: string; only: string | undefined }) {
  const { exitCode, stdout } = await gradeInProcess([
    'd3',
    '--lab',
    lab,
    ...(only ? ['--only', only] : []),
    '--json',
  ]);
  const result = GradeResult.parse(JSON.parse(stdout));
  return { seed: result.seed, checks: result.checks, exitCode };
}

describe('--only with a failing prerequisite', () => {
  it('runs the prerequisite too, reports only the check asked for, and blames the prerequisite', async () => {
    const lab = await makeLab({
      into: join(folder.root, 'only-bad-arguments'),
      lab: fixtureLab('index-as-array-subscript'),
    });
    const { stdout } = await gradeInProcess([
      'd3',
      '--lab',
      lab,
      '--only',
      'bad-arguments',
      '--json',
    ]);
    const result = GradeResult.parse(JSON.parse(stdout));
    expect(result.checks.map((entry) => [entry.id, entry.status])).toEqual([
      ['bad-arguments', 'fail'],
    ]);
    expect(result.checks[0]?.hint).toMatch(
      /^fragment-merging fails too, so fix it first: .*TODO\(1\)/,
    );
    expect(result.checks[0]?.message).toContain('<empty call at index 0>');
    expect([result.score, result.max]).toEqual([0, 1]);
  });
});

describe("the lab's own scenario", () => {
  it("changes nothing graded: the grader plays the kit's scenario, whatever main.ts passes", async () => {
    const lab = await makeLab({
      into: join(folder.root, 'own-scenario'),
      lab: {
        name: 'own-scenario',
        group: 'broken-labs',
        why: 'main.ts hands the command line a scenario whose model never calls a tool',
        mutations: [
          {
            file: 'src/main.ts',
            find: '  scenario: d3Scenario,\n',
            replace:
              '  scenario: { ...d3Scenario, steps: () => [() => ({ text: "All fine." })] },\n',
          },
        ],
      },
    });
    // What the check plays is judging, so it is judged in process; a grade whose checks all
    // pass exits 0.
    const { seed, checks } = await judgeLabInProcess({
      dayId: 'd3',
      labDir: lab,
      only: 'call-order',
    });
    expect(
      checks.map((entry) => [entry.id, entry.status]),
      `--seed ${seed}`,
    ).toEqual([['call-order', 'pass']]);
  });
});

describe('a command line that throws as a process', () => {
  it("names the lab's source file and line, not the compiled program's", async () => {
    const lab = await makeLab({
      into: join(folder.root, 'throws-as-process'),
      lab: {
        name: 'throws-as-process',
        group: 'broken-labs',
        why: 'main.ts throws when started as a process, after the blank line and the type it declares',
        mutations: [
          {
            file: 'src/main.ts',
            find: 'if (isEntryPoint(import.meta.url)) runCommandLine(commandLine);',
            replace: [
              'interface Boom {',
              '  reason: string;',
              '}',
              '',
              'function explode(boom: Boom): never {',
              '  throw new Error(`boom: ${boom.reason}`);',
              '}',
              "if (isEntryPoint(import.meta.url)) explode({ reason: 'on purpose' });",
            ].join('\n'),
          },
        ],
      },
    });
    const source = await readFile(join(lab, 'src', 'main.ts'), 'utf8');
    const throwLine = source.split('\n').findIndex((line) => line.includes('throw new Error')) + 1;
    const { stdout } = await gradeInProcess([
      'd3',
      '--lab',
      lab,
      '--only',
      'bad-arguments',
      '--json',
    ]);
    const result = GradeResult.parse(JSON.parse(stdout));
    const message = result.checks[0]?.message ?? '';
    // The error first, then its place in the student's own terms: no placeholder, no compiled line.
    expect(message).toContain(
      `got: it exited with code 1: Error: boom: on purpose, thrown at src/main.ts:${throwLine}`,
    );
    expect(message).not.toContain('<lab>');
    expect(message).not.toContain(' / ');
    expect(message).not.toMatch(/main\.js/);
    // The hint starts where the message ends: at that line, which no exercise owns.
    expect(result.checks[0]?.hint).toMatch(
      new RegExp(`^src/main\\.ts:${throwLine} — this line threw and nothing caught it`),
    );
    expect(result.checks[0]?.hint).not.toContain('TODO(');
  });

  // Each keeps the process alive after a correct run; none of them is a slow promise.
  const leftOpen = [
    { what: 'a timer', code: 'setInterval(() => {}, 1000);' },
    {
      what: 'a server',
      code: "(await import('node:http')).createServer().listen(0, '127.0.0.1');",
    },
  ];
  for (const { what, code } of leftOpen) {
    it(`says a process kept alive by ${what} does not end by itself, and that more time will not help`, async () => {
      const lab = await makeLab({
        into: join(folder.root, `left-open-${what.replace(/\W/g, '')}`),
        lab: {
          name: `left-open-${what}`,
          group: 'broken-labs',
          why: `main.ts leaves ${what} open after the run`,
          mutations: [
            {
              file: 'src/main.ts',
              find: 'if (isEntryPoint(import.meta.url)) runCommandLine(commandLine);',
              replace: `if (isEntryPoint(import.meta.url)) {\n  ${code}\n  runCommandLine(commandLine);\n}`,
            },
          ],
        },
      });
      const { stdout } = await gradeInProcess([
        'd3',
        '--lab',
        lab,
        '--only',
        'bad-arguments',
        '--timeout',
        '5',
        '--json',
      ]);
      const message = GradeResult.parse(JSON.parse(stdout)).checks[0]?.message ?? '';
      expect(message).toContain('got: it did not end by itself');
      expect(message).toMatch(
        /a timer .*, a server or another open handle, or a promise that never settles/,
      );
      expect(message).toContain('more time with --timeout will not help');
      expect(message).not.toContain('allow more with --timeout');
    });
  }
});

describe("a tool whose own call fails in the lesson's run", () => {
  it("call-order quotes the failed answer and names that tool's file, and the real run names the exit", async () => {
    const lab = await makeLab({
      into: join(folder.root, 'grep-exits'),
      lab: {
        name: 'grep-exits',
        group: 'broken-labs',
        why: "grep's run calls process.exit(1), which fails every grep call",
        mutations: [
          {
            file: 'src/tools/grep.ts',
            find: '  async run({ pattern, include, limit }, { cwd, signal }) {\n',
            replace:
              '  async run({ pattern, include, limit }, { cwd, signal }) {\n    process.exit(1);\n',
          },
        ],
      },
    });
    const { stdout } = await gradeInProcess(['d3', '--lab', lab, '--json']);
    const result = GradeResult.parse(JSON.parse(stdout));
    const check = result.checks.find((entry) => entry.id === 'call-order');
    // The real run ends at the exit: the report says where it was called, and the hint points there.
    const badArguments = result.checks.find((entry) => entry.id === 'bad-arguments');
    expect(badArguments?.message).toContain(
      'it exited with code 1: the lab called process.exit(1) at src/tools/grep.ts:',
    );
    const exitLine = /process\.exit\(1\) at (src\/tools\/grep\.ts:\d+)/.exec(
      badArguments?.message ?? '',
    )?.[1];
    expect(badArguments?.hint).toMatch(
      new RegExp(`^${escapeRegExp(exitLine ?? '?')} — this line calls process\\.exit`),
    );
    expect(check?.status).toBe('fail');
    expect(check?.message).toMatch(/grep's call failed: ".*process\.exit\(1\)/);
    // The "got" line names the tool, so the hint names its file, not the whole folder.
    expect(check?.hint).toMatch(/^src\/tools\/grep\.ts — grep's own call failed/);
    expect(check?.hint).not.toContain('TODO(1)');
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
