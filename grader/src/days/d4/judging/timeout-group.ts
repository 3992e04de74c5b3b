import { handOverFolder } from '../../../lab-files/student-folders';
import { randomInt } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { findMarkedProcesses, killProcesses } from '@agent-course/workspace/testing';
import { z } from 'zod';
import { blameFirstThrow } from '../../../judging/blame-first-throw';
import type { CheckOutcome, JudgeContext } from '../../../judging/check';
import { readAnswer } from '../../../judging/read-answer';
import { createRandom } from '../../d3/judging/variants/create-random';
import type { Failure, FirstThrow } from './create-variant-check';
import { createEditWorkspace, describeResult, driveTool } from './edit-workspace';
import type { SeenResult } from './edit-workspace';
import { createShellNumber } from './variants/shell-number';
import { createStraySleepers } from './variants/stray-sleepers';

/**
 * The model's timeout_ms for the commands of this check, picked by the seed between these: small,
 * so only it can end them soon.
 */
const LIMIT_RANGE_MS = { min: 500, max: 1000 };

/**
 * How long the check waits for a call the limit (or Ctrl-C) should have ended. A command honouring
 * timeout_ms returns within about a second; one that ignores it runs until the engine's default (60
 * s) or the grader's --timeout, so the verdict would depend on --timeout. Over ten times the
 * largest limit leaves a busy machine plenty of room, and is below the grader's default idle limit
 * (10 s).
 */
const WAIT_FOR_LIMIT_MS = 8_000;

/** How often the check looks for the command's processes while a call runs. */
const POLL_MS = 50;

/** What a transcript and a message say of a call the limit (or Ctrl-C) did not end. */
const STILL_RUNNING = `still running after ${WAIT_FOR_LIMIT_MS / 1000} s`;

/**
 * Check 6: a command past the model's time limit is reported as timed out, and every process it
 * started is gone: the shell, a child in the foreground, and a grandchild sent to the background.
 * Then a command is cancelled through the run's signal (Ctrl-C) and must stop too. The processes
 * carry a marker the check then looks for in the process table; outcomes, never times, are
 * compared, except that a call the limit should have ended gets WAIT_FOR_LIMIT_MS to end.
 */
export async function judge({ drive, scratchDir, seed }: JudgeContext): Promise<CheckOutcome> {
  const throws: FirstThrow = {};
  const transcript: string[] = [];
  const failure = await judgeCommands({ drive, scratchDir, seed, throws, transcript });
  if (!failure) return { passed: true, transcript };
  // A failure after run_command threw names that line (see blame-first-throw.ts).
  const outcome = { passed: false as const, ...failure, transcript };
  return blameFirstThrow({ outcome, thrown: throws.first });
}

async function judgeCommands({
  drive,
  scratchDir,
  seed,
  throws,
  transcript,
}: Omit<JudgeContext, 'labDir' | 'realRun'> & {
  throws: FirstThrow;
  transcript: string[];
}): Promise<Failure | undefined> {
  const { root } = await createEditWorkspace({
    prepare: (build) => handOverFolder({ into: scratchDir, name: 'commands', build }),
    files: {},
  });
  const runCommand = (operation: string, input: Record<string, unknown>) =>
    driveTool({ drive, operation, input: { cwd: root, ...input }, tool: 'run_command', throws });
  const random = createRandom({ seed, salt: 'timeout-group' });
  const limitMs = random.integer(LIMIT_RANGE_MS.min, LIMIT_RANGE_MS.max);
  // A valid sleep duration no other process on the machine carries: 900.<random digits>. Not from
  // the seed: a replayed grade must not find the sleepers of another grade still running.
  const marker = `900.${randomInt(100_000, 999_999)}`;
  // What the command prints before it sleeps, worked out by the shell: only a real run shows it.
  const ready = createShellNumber({ random, label: 'ready' });
  const sleepers = createStraySleepers({ random, marker });
  const command = `echo ${ready.expression}; ${sleepers.command}`;
  const timed = await callWithin({
    marker,
    call: () => runCommand('run', { args: { command, timeout_ms: limitMs } }),
  });
  transcript.push(
    `run_command of ${sleepers.label}, timeout_ms ${limitMs} → ${timed ? describeResult(timed.result) : STILL_RUNNING}`,
  );
  if (!timed) {
    return {
      expected: `the command to be stopped at the model's timeout_ms (${limitMs} ms)`,
      got: `it was ${STILL_RUNNING}: timeout_ms never reached runCommand`,
      mistake: 'ignores-limit',
    };
  }
  if (timed.survivors.length > 0) {
    return {
      expected: 'no process the command started to be running after the call',
      got: `${timed.survivors.length} still running (${timed.survivors.join('; ')})`,
      mistake: 'survivors',
    };
  }
  if (!/timed out/i.test(timed.result.content)) {
    return {
      expected: 'the result to say that the command timed out',
      got: JSON.stringify(timed.result.content.slice(0, 200)),
    };
  }
  // Proof that the command ran at all: what it printed first, or its processes seen running (a
  // machine so busy that the shell had not printed yet when the limit came still shows those).
  if (!timed.result.content.includes(ready.printed) && !timed.started) {
    return {
      expected: `the command to run until its limit, its result showing ${ready.printed}, which it prints first`,
      got: `${JSON.stringify(timed.result.content.slice(0, 200))}, and no process of the command was ever seen running: it never ran`,
    };
  }

  // Ctrl-C, with a limit far away: the call is started in the check process, which leaves it
  // running; once the grader sees a process of the command, the run's signal aborts, as a person
  // presses Ctrl-C. A call that ends before any is seen is never aborted; one that neither ends
  // nor shows a process is not either, and is waited for once its processes are killed.
  await drive('start', { cwd: root, args: { command: `sleep ${marker}9`, timeout_ms: 600_000 } });
  const deadline = performance.now() + WAIT_FOR_LIMIT_MS;
  let seen = false;
  while (performance.now() < deadline) {
    if ((await findMarkedProcesses(marker)).length > 0) {
      seen = true;
      break;
    }
    const ended = readAnswer({
      answer: await drive('ended', { cwd: root }),
      schema: z.boolean(),
      what: 'whether run_command had returned',
    });
    if (ended) break;
    await sleep(POLL_MS);
  }
  const cancelled = await callWithin({
    marker,
    call: () => runCommand('finish', { abort: seen }),
    deadline,
  });
  transcript.push(
    `run_command of a sleep, aborted by the run's signal → ${cancelled ? describeResult(cancelled.result) : STILL_RUNNING}`,
  );
  if (cancelled && !seen && !cancelled.started) {
    return {
      expected: `the command (sleep ${marker}9) to run until the run's signal aborts it`,
      got: `the call ended without the command ever running: ${JSON.stringify(cancelled.result.content.slice(0, 160))}`,
    };
  }
  if (!cancelled || cancelled.survivors.length > 0) {
    return {
      expected: "the command to stop when the run's signal aborts (Ctrl-C)",
      got: cancelled
        ? `its process was still running after the call (${cancelled.survivors.join('; ')})`
        : `it was ${STILL_RUNNING}: the signal never reached runCommand`,
      mistake: 'ignores-signal',
    };
  }
  return undefined;
}

/**
 * Makes a call whose command carries `marker` in the check process, waiting for it to end at most
 * WAIT_FOR_LIMIT_MS (or until `deadline`) while the grader looks for the command's processes
 * itself; returns undefined when it did not end in time. Either way every marked process left is
 * killed (so a call still waiting then ends), and the ones found after the call are returned as
 * survivors. `started` says whether one was ever seen running.
 */
async function callWithin({
  marker,
  call,
  deadline = performance.now() + WAIT_FOR_LIMIT_MS,
}: {
  marker: string;
  call: () => Promise<SeenResult>;
  deadline?: number;
}): Promise<{ result: SeenResult; survivors: string[]; started: boolean } | undefined> {
  // How the call settled, once it has: a step that failed (the lab threw, the check process
  // stopped) is passed on once the command's processes are gone.
  const ending: { settled?: { result: SeenResult } | { error: unknown } } = {};
  const pending = call().then(
    (result) => {
      ending.settled = { result };
    },
    (error: unknown) => {
      ending.settled = { error };
    },
  );
  let started = false;
  while (ending.settled === undefined && performance.now() < deadline) {
    if (!started && (await findMarkedProcesses(marker)).length > 0) started = true;
    await sleep(POLL_MS);
  }
  const leftovers = await findMarkedProcesses(marker);
  killProcesses(leftovers);
  // Its processes are gone now, so a call still running ends; wait for it, so nothing runs on
  // behind the check.
  const timedOut = ending.settled === undefined;
  await pending;
  const settled = ending.settled!;
  if ('error' in settled) throw settled.error;
  if (timedOut) return undefined;
  return {
    result: settled.result,
    survivors: leftovers.map((survivor) => survivor.commandLine),
    started,
  };
}
