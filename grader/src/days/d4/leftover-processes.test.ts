import { randomInt } from 'node:crypto';
import { join } from 'node:path';
import { findMarkedProcesses, killProcesses } from '@agent-course/workspace/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GradeResult } from '@agent-course/course';
import { createLabFolder, makeLab, runGrader } from '../../test-helpers';

let folder: Awaited<ReturnType<typeof createLabFolder>>;
beforeAll(async () => {
  folder = await createLabFolder();
});
afterAll(() => folder.remove());

const RUN_CALL = '    const ran = await runInProcessGroup({';

// /proc/<pid>/environ, which the grader reads to find what a check left behind, is Linux's.
describe.runIf(process.platform === 'linux')('processes a check leaves behind', () => {
  it('are all gone after the grade, even detached ones outside the check process group', async () => {
    // A valid sleep duration no other process on the machine carries.
    const marker = `900.${randomInt(100_000, 999_999)}`;
    const lab = await makeLab({
      into: join(folder.root, 'd4-leaves-a-sleeper'),
      from: 'solutions/d4',
      lab: {
        name: 'd4-leaves-a-sleeper',
        group: 'broken-labs',
        why: 'run_command starts a detached sleeper of its own and ignores timeout_ms',
        mutations: [
          {
            file: 'src/tools/run-command.ts',
            find: RUN_CALL,
            replace: `    spawn('sleep', ['${marker}'], { detached: true, stdio: 'ignore' }).unref();
${RUN_CALL}`,
          },
          {
            file: 'src/tools/run-command.ts',
            find: '  }, timeoutMs);',
            replace: '  }, DEFAULT_COMMAND_TIMEOUT_MS);',
          },
        ],
      },
    });
    // Graded twice, with a --timeout below the check's own wait and one above the engine's default.
    const gradeWithTimeout = async (seconds: number) => {
      const args = ['d4', '--lab', lab, '--only', 'timeout-group', '--timeout', `${seconds}`];
      const { stdout } = await runGrader([...args, '--json']);
      return GradeResult.parse(JSON.parse(stdout));
    };
    const result = await gradeWithTimeout(3);
    const survivors = await findMarkedProcesses(marker);
    killProcesses(survivors);
    expect(survivors).toEqual([]);
    // The message is true: the group sat idle, but the command it waited for ran elsewhere.
    expect(result.checks[0]?.message).toMatch(/outside its process group/);

    // With a --timeout longer than the engine's default, the verdict is the same lab's mistake.
    const again = await gradeWithTimeout(120);
    expect(again.checks.map((entry) => [entry.id, entry.status])).toEqual([
      ['timeout-group', 'fail'],
    ]);
    expect(again.checks[0]?.hint).toMatch(/TODO\(3\).*timeout_ms/);
    const lateSurvivors = await findMarkedProcesses(marker);
    killProcesses(lateSurvivors);
    expect(lateSurvivors).toEqual([]);
  });
});
