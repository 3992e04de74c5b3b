import { LAB_INDEX } from '../compiled/compile-lab';
import type { TimeLimitKind } from './create-time-budget';
import type { JudgedResult } from '../judging/judged-result';
import { STDERR_TAIL_LINES } from '../beside-lab/limits';
import type { BoundedExit } from './watch-time-limits';
import { lastLines } from '../beside-lab/tail-collector';

/** Why a child ended without reporting a check: it ran out of time, or it died. */
export function describeFailure(ended: BoundedExit): ChildFailure {
  if (ended.timedOut && ended.timeLimit) {
    return failure({
      errorKind: 'timeout',
      message: `it ${describeTimeLimit(ended.timeLimit, ended.runningOutsideGroup)}`,
    });
  }
  // Node ends with 13 when it has nothing left to run while the check still awaits: like an idle
  // stop, this says nothing about which exercise is wrong, so the hint says where to look instead.
  if (ended.exitCode === 13) {
    return {
      ...failure({
        errorKind: 'crashed',
        message:
          'never finished: the check waited for a promise that never settles, with nothing left to run',
      }),
      hint: NEVER_SETTLED_HINT,
    };
  }
  const stderr = lastLines({ text: ended.stderrTail, count: STDERR_TAIL_LINES });
  const quoted = stderr.length > 0 ? `; its last output:\n${stderr.join('\n')}` : '';
  return failure({
    errorKind: 'crashed',
    message: `the check process ${ended.signal ? `was killed by ${ended.signal}` : `exited with code ${ended.exitCode}`} before reporting${quoted}`,
  });
}

/**
 * What a process stopped at a limit was doing, as the end of a sentence starting "it ...". It names
 * the limit and what to look for, and blames no TODO: running out of time says nothing about which
 * exercise is wrong. How to allow more is not its to say: a student graded by an autograder cannot
 * pass --timeout, so only the report of a grade run by hand says it (renderText).
 */
export function describeTimeLimit(
  limit: { kind: TimeLimitKind; limitMs: number },
  runningOutsideGroup: string[] = [],
): string {
  const seconds = `${limit.limitMs / 1000} s`;
  if (limit.kind === 'idleMs' && runningOutsideGroup.length > 0) {
    const shown = runningOutsideGroup.slice(0, 3).map((commandLine) => commandLine.slice(0, 80));
    return `waited ${seconds} on processes it had started outside its process group (${shown.join('; ')}) and was stopped, with them: look for a command run without its time limit`;
  }
  switch (limit.kind) {
    case 'cpuMs':
      return `used ${seconds} of CPU time, the limit for one check, and was stopped: look for an endless loop`;
    case 'idleMs':
      return `sat idle for ${seconds} with nothing running and was stopped: look for a promise that never settles`;
    case 'wallMs':
      return `was still running after ${seconds} of wall-clock time and was stopped`;
  }
}

/** Where to look when a check's code awaited a promise nothing would ever settle. */
const NEVER_SETTLED_HINT =
  'look for an await, in the code this check runs, on a promise that nothing settles: a new Promise whose resolve is never called, or a callback or event that never comes; more time with --timeout will not help';

/**
 * Why a child ended while importing the lab, before any check: a load that never finished (see
 * collectNotRun), said once above the checks and blaming no TODO, since the code at fault is
 * whatever runs at the top level of the lab's files, not a check's exercise.
 */
export function describeLoadFailure(ended: BoundedExit): ChildFailure {
  const stderr = lastLines({ text: ended.stderrTail, count: STDERR_TAIL_LINES });
  const quoted = stderr.length > 0 ? `; its last output: ${stderr.join(' / ')}` : '';
  const how =
    ended.timedOut && ended.timeLimit
      ? describeLoadTimeLimit({ limit: ended.timeLimit, outside: ended.runningOutsideGroup ?? [] })
      : ended.exitCode === 13
        ? 'it waited for a promise that never settles, with nothing left to run'
        : `the process ${ended.signal ? `was killed by ${ended.signal}` : `exited with code ${ended.exitCode}`}${quoted}`;
  return {
    ...failure({
      errorKind: ended.timedOut ? 'timeout' : 'crashed',
      message: `expected: the lab to load\ngot: never finished importing ${LAB_INDEX}: ${how}`,
    }),
    notRun: { kind: 'load', where: LAB_INDEX, reason: how, unfinished: true },
  };
}

/** A time limit reached while the lab loaded, as the end of a sentence: no check's limit, a load's. */
function describeLoadTimeLimit({
  limit,
  outside,
}: {
  limit: { kind: TimeLimitKind; limitMs: number };
  outside: string[];
}): string {
  const seconds = `${limit.limitMs / 1000} s`;
  if (outside.length > 0) return `it ${describeTimeLimit(limit, outside)}`;
  switch (limit.kind) {
    case 'cpuMs':
      return `it used ${seconds} of CPU time without finishing, as a loop that never ends does`;
    case 'idleMs':
      return `it sat idle for ${seconds} with nothing running, waiting for a timer or a promise that never comes`;
    case 'wallMs':
      return `it was still loading after ${seconds} of wall-clock time`;
  }
}

function failure({
  errorKind,
  message,
}: {
  errorKind: 'timeout' | 'crashed';
  message: string;
}): ChildFailure {
  return { status: 'error', errorKind, message, hint: '' };
}

/** A result without its check's id and title, which the caller adds. */
export type ChildFailure = Omit<JudgedResult, 'id' | 'title'>;
