import type { CheckResult, GradeResult } from '@agent-course/course';
import { describePrinted } from './render-text';

/**
 * What a platform shows under one check, so that a student reads there what `pnpm grade` tells
 * them: the reason (expected and got) and the hint, what the lab printed; for a check the lab
 * stopped, why none could run (the compile or load error, see describeNotRun); for a check that ran
 * and failed, the seed its variants came from, in the words `seedLine` picks for the platform.
 */
export function explainCheck({
  check,
  result,
  notRun,
  seedLine,
}: {
  check: CheckResult;
  result: GradeResult;
  /** The checks the lab stopped before they could run (see collectNotRun). */
  notRun: ReadonlySet<string>;
  /** The sentence naming the seed, said where the reader can (or cannot) replay it. */
  seedLine: (seed: number) => string;
}): string {
  const passed = check.status === 'pass';
  const lines = passed
    ? ['passed']
    : [check.message, ...(check.hint ? [`hint: ${check.hint}`] : [])];
  if (check.printed) lines.push(...describePrinted(check.printed));
  if (!passed && notRun.has(check.id)) lines.push('', ...describeNotRun(result));
  else if (!passed && result.seed !== undefined) lines.push('', seedLine(result.seed));
  return lines.join('\n');
}

/** Why the lab's checks could not run: its compile or load error, and what to do; none when they ran. */
export function describeNotRun(result: GradeResult): string[] {
  if (result.compileError) {
    return [
      'The lab does not compile, so its checks could not run:',
      ...result.compileError.problems,
      `Fix ${result.compileError.where} first, then submit again.`,
    ];
  }
  if (!result.loadError) return [];
  const { where, reason, exercise, unfinished } = result.loadError;
  if (unfinished) {
    return [
      'The lab never finishes loading, so its checks could not run:',
      `importing ${where}: ${reason}`,
      'Look at the code that runs as soon as a file is imported (outside any function): an await on something that never comes, a timer it waits for, or a loop that never ends. Fix it, then submit again.',
    ];
  }
  return [
    'The lab does not load, so its checks could not run:',
    `importing it threw: ${reason} (at ${where})`,
    `Make ${where}${exercise === undefined ? '' : ` (TODO(${exercise}))`} run without throwing when the file is imported, then submit again.`,
  ];
}
