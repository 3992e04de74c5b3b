import { randomInt } from 'node:crypto';
import { findMarkedProcesses, killProcesses } from '@agent-course/workspace/testing';
import type { CheckContext, CheckOutcome } from '../../../check';
import { loadD4Lab } from '../d4-lab';
import { createEditWorkspace, describeResult } from '../edit-workspace';

const LIMIT_MS = 500;

/**
 * Check 6: a command past its time limit is reported as timed out, and every process it started is
 * gone: the shell, a child in the foreground, and a grandchild sent to the background. The
 * processes carry a marker the check then looks for in the process table; outcomes, never times,
 * are compared.
 */
export async function run({ labDir, scratchDir }: CheckContext): Promise<CheckOutcome> {
  const lab = await loadD4Lab(labDir);
  const workspace = await createEditWorkspace({ scratchDir, files: {} });
  // A valid sleep duration no other process on the machine carries: 900.<random digits>.
  const marker = `900.${randomInt(100_000, 999_999)}`;
  const command = `sh -c 'sleep ${marker}1 & sleep ${marker}2'; sleep ${marker}3`;
  const result = await workspace.call(lab.runCommandTool, { command, timeout_ms: LIMIT_MS });
  const transcript = [
    `run_command of three sleeps, limit ${LIMIT_MS} ms → ${describeResult(result)}`,
  ];
  const survivors = await findMarkedProcesses(marker);
  killProcesses(survivors);
  if (survivors.length > 0) {
    return {
      passed: false,
      expected: 'no process the command started to be running after the call',
      got: `${survivors.length} still running (${survivors.map((survivor) => survivor.commandLine).join('; ')})`,
      mistake: 'survivors',
      transcript,
    };
  }
  if (!/timed out/i.test(result.content)) {
    return {
      passed: false,
      expected: 'the result to say that the command timed out',
      got: JSON.stringify(result.content.slice(0, 200)),
      transcript,
    };
  }
  return { passed: true, transcript };
}
