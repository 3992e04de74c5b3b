import { realpath, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createSandbox } from '@agent-course/sandbox';
import { labEnvironment } from '../../../process-control/lab-environment';
import { readAnswer } from '../../../judging/read-answer';
import { startBoundedProcess } from '../../../process-control/start-bounded-process';
import { watchTimeLimits } from '../../../process-control/watch-time-limits';
import { createVariantCheck } from './create-variant-check';
import { describeRunEnd } from './describe-run-end';
import type { RunEnd } from './describe-run-end';
import { readBack } from './edit-workspace';
import { ScriptedRunSeen } from '../beside-lab/observations';
import { LESSON_CALC_PROJECT, createCalcProjectVariant } from './variants/calc-project-variant';

const TARGET = 'src/calc.js';
const TEST_FILE = 'test/calc.test.js';
/** The question `pnpm start` asks when given none. */
const QUESTION = 'Why are the tests in this repository red?';
const SYSTEM_PROMPT =
  'You are a coding agent. Read files before editing them, edit exactly, and run the tests to confirm.';
/** How long the grader's own run of the sandbox's test may take. */
const TEST_LIMIT_MS = 5000;

/**
 * Check 1: the offline run of `MOCK=1 pnpm start` with the lab's tools makes the sandbox's failing
 * test pass, and changes exactly one line to do it: in the kit's sandbox, then in one whose module
 * and test come from the seed (the kit's script finds the line to fix in what read_file shows), so
 * a lab cannot write a fixed answer. The check runs its own copy of the test afterwards and judges
 * by its exit code, never by the test runner's wording (it differs between Node versions); the
 * run's own test run must show the divide test's name, which only running the test prints.
 */
export const judge = createVariantCheck({
  salt: 'red-to-green',
  lesson: LESSON_CALC_PROJECT,
  createVariant: createCalcProjectVariant,
  // The kit's scripted run is played in the check process, in a sandbox holding the variant; the
  // grader then reads the sandbox and runs its own copy of the test itself.
  async judge({ drive, variant: project, prepare, transcript, throws }) {
    // The lab's tools edit and run in here, as the user its code runs as.
    const directory = await prepare(async (staged) => {
      await createSandbox({ directory: staged });
      await writeFile(join(staged, TARGET), project.source);
      await writeFile(join(staged, TEST_FILE), project.test);
    });
    const realRoot = await realpath(directory);
    const ran = readAnswer({
      answer: await drive('play', {
        cwd: directory,
        question: QUESTION,
        systemPrompt: SYSTEM_PROMPT,
      }),
      schema: ScriptedRunSeen,
      what: "the scripted run's tool results",
    });
    // A tool's throw noted on its way into the registry: a failure says where, blamed by that
    // place, not by this check's TODO.
    throws.first ??= ran.thrown;
    let lastFailure: RunEnd['lastFailure'];
    for (const { tool, ok, firstLine } of ran.results) {
      if (!ok) lastFailure = { tool, answer: firstLine };
      transcript.push(`${tool} → ${ok ? 'ok' : 'failed'}: ${firstLine.slice(0, 140)}`);
    }
    const after = (await readBack({ realRoot, file: TARGET })).toString('utf8');
    // The grader runs its own copy of the test: a run that weakened the sandbox's proves nothing.
    const tests = await runSandboxTests({ directory, test: project.test });
    transcript.push(`after the run, node --test ${TEST_FILE} exits with ${tests}`);

    const changed = countChangedLines(project.source, after);
    const passingRuns = ran.toolMessages.filter((content) => /^exit code 0\b/.test(content));
    if (tests !== 0 || changed !== 1) {
      const refusedAsUnread = ran.toolMessages.some((content) => /has not been read/.test(content));
      return {
        expected: `the run to leave ${TEST_FILE} passing with exactly one line of ${TARGET} changed`,
        got: `the test exits with ${tests}, ${changed} line${changed === 1 ? '' : 's'} changed; ${describeRunEnd({ ...ran, lastFailure })}`,
        ...(refusedAsUnread
          ? { mistake: 'not-read' }
          : changed === 1 && passingRuns.length === 0
            ? { mistake: 'no-test-run' }
            : {}),
      };
    }
    if (!passingRuns.some((content) => content.includes(project.divideTestName))) {
      return {
        expected: `the run to have run the tests itself and been told "exit code 0", with the runner's output naming the test "${project.divideTestName}"`,
        got:
          passingRuns.length === 0
            ? 'no run_command result started with "exit code 0"'
            : `a run_command result started with "exit code 0" but did not show the test's output: ${JSON.stringify(passingRuns[0]!.slice(0, 160))}`,
        mistake: 'no-test-run',
      };
    }
    return undefined;
  },
});

/** How many lines differ, position by position (the fix replaces one line in place). */
function countChangedLines(before: string, after: string): number {
  const old = before.split('\n');
  const now = after.split('\n');
  const lines = [...Array(Math.max(old.length, now.length)).keys()];
  return lines.filter((index) => old[index] !== now[index]).length;
}

/**
 * The grader's copy of the sandbox's test, run on the sandbox as the lab's code would run it (as
 * the unprivileged user, bounded): its exit code, or -1 when it could not run or was stopped.
 * Its source is handed to Node whole, so nothing the run left in the sandbox's test folder is
 * run in its place; it imports the module from `test/`, as the file there would.
 */
async function runSandboxTests({
  directory,
  test,
}: {
  directory: string;
  test: string;
}): Promise<number> {
  const started = startBoundedProcess({
    args: ['--input-type=module', '--eval', test],
    cwd: join(directory, 'test'),
    env: labEnvironment({ NO_COLOR: '1', FORCE_COLOR: '0' }),
    tempDir: directory,
  });
  const ended = await watchTimeLimits({ started, timeoutMs: TEST_LIMIT_MS });
  return ended.timedOut || ended.exitCode === null ? -1 : ended.exitCode;
}
