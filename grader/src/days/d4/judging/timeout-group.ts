import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { randomInt } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { handOverFolder } from '../../../lab-files/student-folders';
import { blameFirstThrow } from '../../../judging/blame-first-throw';
import type { CheckOutcome, JudgeContext } from '../../../judging/check';
import { readAnswer } from '../../../judging/read-answer';
import { createRandom } from '../../../judging/create-random';
import { STILL_RUNNING, WAIT_FOR_END_MS, callWithin } from './call-within';
import type { Failure, FirstThrow } from './create-variant-check';
import { createEditWorkspace, describeResult, driveTool } from './edit-workspace';
import { createShellNumber } from './variants/shell-number';
import { createSignalRecorders } from './variants/signal-recorders';
import { createStraySleepers } from './variants/stray-sleepers';

/**
 * The model's timeout_ms for the commands of this check, picked by the seed between these: small,
 * so only it can end them soon.
 */
const LIMIT_RANGE_MS = { min: 500, max: 1000 };

/** How often the check looks for the files the signal recorders write. */
const POLL_MS = 50;

/** What each step of the check works with. */
interface Drives {
  /** One step of the lab's run_command (see beside-lab/timeout-group.ts), in `root`. */
  run: (operation: string, input: Record<string, unknown>) => ReturnType<typeof driveTool>;
  /** Any step of the check process. */
  drive: JudgeContext['drive'];
  /** The workspace folder the commands run in, where the signal recorders write. */
  root: string;
  /** What every process of the check's commands carries in its command line. */
  marker: string;
  /** The report's lines, one per call. */
  transcript: string[];
}

/**
 * Check 6: how a command is stopped. A command past the model's time limit is reported as timed
 * out with nothing it started left running; a command cancelled by the run's signal (Ctrl-C) has
 * its whole process group signalled, SIGTERM first and SIGKILL after a grace period, which two
 * grandchildren record in files (see signal-recorders.ts); a command whose shell exits while a
 * background child holds its output pipe returns all the same. Outcomes, files and processes are
 * compared, never times, except that a call that should have ended gets WAIT_FOR_END_MS to end.
 */
export async function judge({ drive, scratchDir, seed }: JudgeContext): Promise<CheckOutcome> {
  const throws: FirstThrow = {};
  const transcript: string[] = [];
  const { root } = await createEditWorkspace({
    prepare: (build) => handOverFolder({ into: scratchDir, name: 'commands', build }),
    files: {},
  });
  const run = (operation: string, input: Record<string, unknown>) =>
    driveTool({ drive, operation, input: { cwd: root, ...input }, tool: 'run_command', throws });
  // A valid sleep duration no other process on the machine carries: 900.<random digits>. Not from
  // the seed: a replayed grade must not find the sleepers of another grade still running.
  const marker = `900.${randomInt(100_000, 999_999)}`;
  const drives = { run, drive, root, marker, transcript };
  const random = createRandom({ seed, salt: 'timeout-group' });
  const failure =
    (await judgeTimeout({ ...drives, random })) ??
    (await judgeCancel(drives)) ??
    (await judgeBackgroundChild(drives));
  if (!failure) return { passed: true, transcript };
  // A failure after run_command threw names that line (see blame-first-throw.ts).
  const outcome = { passed: false as const, ...failure, transcript };
  return blameFirstThrow({ outcome, thrown: throws.first });
}

/** A command past the model's timeout_ms: timed out, and nothing it started left running. */
async function judgeTimeout({
  run,
  marker,
  transcript,
  random,
}: Drives & { random: ReturnType<typeof createRandom> }): Promise<Failure | undefined> {
  const limitMs = random.integer(LIMIT_RANGE_MS.min, LIMIT_RANGE_MS.max);
  // What the command prints before it sleeps, worked out by the shell: only a real run shows it.
  const ready = createShellNumber({ random, label: 'ready' });
  const sleepers = createStraySleepers({ random, marker });
  const timed = await callWithin({
    marker,
    call: () =>
      run('run', {
        args: { command: `echo ${ready.expression}; ${sleepers.command}`, timeout_ms: limitMs },
      }),
  });
  transcript.push(
    `run_command of ${sleepers.label}, timeout_ms ${limitMs} → ${timed ? describeResult(timed.result) : STILL_RUNNING}`,
  );
  if (!timed) {
    return {
      expected: `the command to be stopped at the model's timeout_ms (${limitMs} ms)`,
      got: `it was ${STILL_RUNNING}: nothing stopped it at timeout_ms`,
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
  return undefined;
}

/**
 * Ctrl-C, with a limit far away: the call is started in the check process, which leaves it
 * running; once both signal recorders have set their traps, the run's signal aborts, as a person
 * presses Ctrl-C. Then the files say whether SIGTERM reached the group, and the process table
 * whether SIGKILL followed. A call that ends before the traps are set is never aborted.
 */
async function judgeCancel({
  run,
  drive,
  root,
  marker,
  transcript,
}: Drives): Promise<Failure | undefined> {
  const recorders = createSignalRecorders({ marker });
  const command = `${recorders.command} sleep ${marker}9`;
  await drive('start', { cwd: root, args: { command, timeout_ms: 600_000 } });
  const armedBy = performance.now() + WAIT_FOR_END_MS;
  let armed = false;
  while (performance.now() < armedBy) {
    if (recorders.armedFiles.every((file) => existsSync(join(root, file)))) {
      armed = true;
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
  const cancelled = await callWithin({ marker, call: () => run('finish', { abort: armed }) });
  transcript.push(
    `run_command of a sleep and two signal recorders, aborted by the run's signal → ${cancelled ? describeResult(cancelled.result) : STILL_RUNNING}`,
  );
  if (cancelled && !armed) {
    return {
      expected: `the command (${command}) to run until the run's signal aborts it`,
      got: `the call ended before the command had started its processes: ${JSON.stringify(cancelled.result.content.slice(0, 160))}`,
    };
  }
  if (!cancelled) {
    return {
      expected: "the command to stop when the run's signal aborts (Ctrl-C)",
      got: `it was ${STILL_RUNNING}: the abort never stopped it`,
      mistake: 'ignores-signal',
    };
  }
  const termSeen = existsSync(join(root, recorders.termFile));
  if (!termSeen && cancelled.survivors.length > 0) {
    return {
      expected:
        'SIGTERM to reach every process of the command, as a signal to its process group does',
      got: `a grandchild in the group never received SIGTERM, and ${cancelled.survivors.length} of its processes were still running (${cancelled.survivors.join('; ')}): the signal went to the shell alone`,
      mistake: 'shell-only',
    };
  }
  if (!termSeen) {
    return {
      expected: 'SIGTERM first, so each process can clean up, then SIGKILL after a grace period',
      got: 'a grandchild that writes a file when SIGTERM reaches it was killed without writing it: no SIGTERM reached it, or SIGKILL followed before it could act',
      mistake: 'no-grace',
    };
  }
  if (cancelled.survivors.length > 0) {
    return {
      expected: 'SIGKILL to end what outlasts the grace period (a grandchild ignores SIGTERM)',
      got: `${cancelled.survivors.length} still running after the call (${cancelled.survivors.join('; ')})`,
      mistake: 'survivors',
    };
  }
  // The model must learn that the person stopped it, not read a timeout or an exit code.
  if (cancelled.result.ok || !/cancel/i.test(cancelled.result.content)) {
    return {
      expected: '{ ok: false } saying the command was cancelled',
      got: `ok: ${cancelled.result.ok}, ${JSON.stringify(cancelled.result.content.slice(0, 160))}`,
      mistake: 'not-cancelled',
    };
  }
  return undefined;
}

/**
 * A shell that prints and exits at once, leaving a background child that holds its output pipe:
 * the call must return on the shell's exit (after a bounded drain), with the output and the exit
 * code, and the child stopped. Waiting for the pipes to close would wait as long as the child.
 */
async function judgeBackgroundChild({
  run,
  marker,
  transcript,
}: Drives): Promise<Failure | undefined> {
  const printed = `left-${marker}`;
  const ended = await callWithin({
    marker,
    call: () => run('run', { args: { command: `sleep ${marker}7 & echo ${printed}` } }),
  });
  transcript.push(
    `run_command of a shell leaving a child in the background → ${ended ? describeResult(ended.result) : STILL_RUNNING}`,
  );
  if (!ended) {
    return {
      expected: 'the call to return once the shell has exited, with its output',
      got: `it was ${STILL_RUNNING} though the shell had exited: a background child held the output pipe open`,
      mistake: 'waits-for-close',
    };
  }
  if (!/^exit code 0\b/.test(ended.result.content) || !ended.result.content.includes(printed)) {
    return {
      expected: `a header naming exit code 0, followed by the output (${printed})`,
      got: JSON.stringify(ended.result.content.slice(0, 200)),
    };
  }
  if (ended.survivors.length > 0) {
    return {
      expected: 'what the command left in the background to be stopped once its shell had exited',
      got: `${ended.survivors.length} still running (${ended.survivors.join('; ')})`,
      mistake: 'survivors',
    };
  }
  return undefined;
}
