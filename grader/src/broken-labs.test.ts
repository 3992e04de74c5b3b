import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GradeResult } from '@agent-course/course';
import { BROKEN_LABS } from './__fixtures__/broken-labs';
import { createLabFolder, fixtureLab, makeLab, runGrader } from './test-helpers';

let folder: Awaited<ReturnType<typeof createLabFolder>>;
beforeAll(async () => {
  folder = await createLabFolder();
});
afterAll(() => folder.remove());

/** The check every later check that needs merged calls depends on (dependsOn in day.ts). */
const MERGING = 'fragment-merging';

describe.concurrent('each broken lab fails the check it breaks', () => {
  for (const brokenLab of BROKEN_LABS) {
    const { name, check, hint, notInHint, why } = brokenLab;
    // A merge mistake upsets the checks that depend on merging too, so those labs are graded
    // whole: only fragment-merging may blame an exercise first, every other failure points at it.
    const whole = check === MERGING;
    it(`${name} fails ${check}${whole ? ', and the rest blame it first' : ''}: ${why}`, async () => {
      const lab = await makeLab({ into: join(folder.root, name), lab: brokenLab });
      const { exitCode, stdout } = await runGrader([
        'd3',
        '--lab',
        lab,
        ...(whole ? [] : ['--only', check]),
        '--json',
      ]);
      const result = GradeResult.parse(JSON.parse(stdout));
      const own = result.checks.find((entry) => entry.id === check);
      expect(own?.status).toBe('fail');
      expect(own?.message).toMatch(/^expected: .+\ngot: .+/);
      expect(own?.hint).toContain(hint);
      if (notInHint) expect(own?.hint).not.toContain(notInHint);
      expect(exitCode).toBe(1);
      if (!whole) {
        expect(result.checks.map((entry) => entry.id)).toEqual([check]);
        return;
      }
      for (const other of result.checks.filter((entry) => entry.id !== check)) {
        if (other.status === 'pass') continue;
        expect(other.hint, other.id).toMatch(
          new RegExp(`^${MERGING} fails too, so fix it first: ${escapeRegExp(own!.hint)}; then`),
        );
        // Given code that threw on the broken calls is not the student's to edit.
        expect(other.hint, other.id).not.toContain('make the code there handle');
      }
    });
  }
});

describe('--only with a failing prerequisite', () => {
  it('runs the prerequisite too, reports only the check asked for, and blames the prerequisite', async () => {
    const lab = await makeLab({
      into: join(folder.root, 'only-bad-arguments'),
      lab: fixtureLab('index-as-array-subscript'),
    });
    const { stdout } = await runGrader(['d3', '--lab', lab, '--only', 'bad-arguments', '--json']);
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
    const { exitCode, stdout } = await runGrader([
      'd3',
      '--lab',
      lab,
      '--only',
      'call-order',
      '--json',
    ]);
    const result = GradeResult.parse(JSON.parse(stdout));
    expect(result.checks.map((entry) => [entry.id, entry.status])).toEqual([
      ['call-order', 'pass'],
    ]);
    expect(exitCode).toBe(0);
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
    const { stdout } = await runGrader(['d3', '--lab', lab, '--only', 'bad-arguments', '--json']);
    const result = GradeResult.parse(JSON.parse(stdout));
    const message = result.checks[0]?.message ?? '';
    expect(message).toContain('exited with code 1');
    expect(message).toContain(`<lab>/src/main.ts:${throwLine}`);
    expect(message).not.toMatch(/main\.js/);
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
