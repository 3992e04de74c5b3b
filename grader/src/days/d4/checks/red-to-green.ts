import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { d4Scenario } from '@agent-course/cli/scenarios/d4';
import { createMockModel } from '@agent-course/core/offline';
import { createSandbox } from '@agent-course/sandbox';
import type { CheckOutcome } from '../../../check';
import { describeRunEnd } from '../describe-run-end';
import { recordThrows } from '../../../record-throws';
import { createVariantCheck } from '../create-variant-check';
import type { VariantJudging } from '../create-variant-check';
import type { RunEnd } from '../describe-run-end';
import { LESSON_CALC_PROJECT, createCalcProjectVariant } from '../variants/calc-project-variant';
import type { CalcProjectVariant } from '../variants/calc-project-variant';

const TARGET = 'src/calc.js';
const TEST_FILE = 'test/calc.test.js';
/** The question `pnpm start` asks when given none. */
const QUESTION = 'Why are the tests in this repository red?';
const SYSTEM_PROMPT =
  'You are a coding agent. Read files before editing them, edit exactly, and run the tests to confirm.';

/**
 * Check 1: the offline run of `MOCK=1 pnpm start` with the lab's tools makes the sandbox's failing
 * test pass, and changes exactly one line to do it: in the kit's sandbox, then in one whose module
 * and test come from the seed (the kit's script finds the line to fix in what read_file shows), so
 * a lab cannot write a fixed answer. The check runs its own copy of the test afterwards and judges
 * by its exit code, never by the test runner's wording (it differs between Node versions); the
 * run's own test run must show the divide test's name, which only running the test prints.
 */
export const run = createVariantCheck({
  salt: 'red-to-green',
  lesson: LESSON_CALC_PROJECT,
  createVariant: createCalcProjectVariant,
  judge: playRun,
});

/** The kit's scripted run in a sandbox holding the variant; a failed outcome when it does not fix it. */
async function playRun({
  lab,
  variant: project,
  scratchDir,
  transcript,
  throws,
}: VariantJudging<CalcProjectVariant>): Promise<CheckOutcome | undefined> {
  const sandbox = await createSandbox({ directory: scratchDir });
  await writeFile(join(sandbox.directory, TARGET), project.source);
  await writeFile(join(sandbox.directory, TEST_FILE), project.test);
  const mock = await createMockModel({
    // The kit's scenario, not a file of the lab's: a student's edits cannot change what is played.
    steps: d4Scenario.steps(undefined),
    seed: d4Scenario.seed,
    quirks: d4Scenario.quirks,
    transport: 'in-process',
  });
  let lastFailure: RunEnd['lastFailure'];
  try {
    const before = await readFile(join(sandbox.directory, TARGET), 'utf8');
    // A tool's throw is noted on its way into the registry, so a failure can say where (see
    // createVariantCheck): blamed by that place, not by this check's TODO.
    const registry = lab.createToolRegistry(
      recordThrows({ tools: lab.createTools(), log: throws }),
    );
    const ran = await lab.runAgent({
      model: mock.model,
      registry,
      cwd: sandbox.directory,
      question: QUESTION,
      systemPrompt: SYSTEM_PROMPT,
      maxTurns: lab.DEFAULT_MAX_TURNS,
      onEvent: (event) => {
        if (event.type === 'tool-result') {
          const first = event.result.content.split('\n', 1)[0] ?? '';
          if (!event.result.ok) lastFailure = { tool: event.call.name, answer: first };
          transcript.push(
            `${event.call.name} → ${event.result.ok ? 'ok' : 'failed'}: ${first.slice(0, 140)}`,
          );
        }
      },
    });
    const results = ran.messages
      .filter((message) => message.role === 'tool')
      .map((message) => message.content);
    const after = await readFile(join(sandbox.directory, TARGET), 'utf8');
    // The grader runs its own copy of the test: a run that weakened the sandbox's proves nothing.
    await writeFile(join(sandbox.directory, TEST_FILE), project.test);
    const tests = await runSandboxTests(sandbox.directory);
    transcript.push(`after the run, node --test ${TEST_FILE} exits with ${tests}`);

    const changed = diffLines(before, after);
    const passingRuns = results.filter((content) => /^exit code 0\b/.test(content));
    if (tests !== 0 || changed.length !== 1) {
      const refusedAsUnread = results.some((content) => /has not been read/.test(content));
      const testRun = passingRuns.length > 0;
      return {
        passed: false,
        expected: `the run to leave ${TEST_FILE} passing with exactly one line of ${TARGET} changed`,
        got: `the test exits with ${tests}, ${changed.length} line${changed.length === 1 ? '' : 's'} changed; ${describeRunEnd({ ...ran, lastFailure })}`,
        ...(refusedAsUnread
          ? { mistake: 'not-read' }
          : changed.length === 1 && !testRun
            ? { mistake: 'no-test-run' }
            : {}),
        transcript,
      };
    }
    if (!passingRuns.some((content) => content.includes(project.divideTestName))) {
      return {
        passed: false,
        expected: `the run to have run the tests itself and been told "exit code 0", with the runner's output naming the test "${project.divideTestName}"`,
        got:
          passingRuns.length === 0
            ? 'no run_command result started with "exit code 0"'
            : `a run_command result started with "exit code 0" but did not show the test's output: ${JSON.stringify(passingRuns[0]!.slice(0, 160))}`,
        mistake: 'no-test-run',
        transcript,
      };
    }
    return undefined;
  } finally {
    await mock.close();
    await sandbox.cleanup();
  }
}

/** The lines that differ, position by position (the fix replaces one line in place). */
function diffLines(before: string, after: string): string[] {
  const old = before.split('\n');
  const now = after.split('\n');
  const length = Math.max(old.length, now.length);
  return Array.from({ length }, (_, index) => index)
    .filter((index) => old[index] !== now[index])
    .map(String);
}

/** The sandbox's own test, run by the grader: its exit code, or -1 when it could not run. */
function runSandboxTests(directory: string): Promise<number> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      ['--test', TEST_FILE],
      { cwd: directory, timeout: 5000 },
      (error) => {
        resolve(error === null ? 0 : typeof error.code === 'number' ? error.code : -1);
      },
    );
    child.stdin?.end();
  });
}
