import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runCommandTool } from '@agent-course/finished-d4';
import { KILL_GRACE_MS } from '@agent-course/workspace';
import { findMarkedProcesses, killProcesses } from '@agent-course/workspace/testing';
import type { BenchContext } from './bench-context';
import type { BenchRow } from './bench-row';
import { median } from './measure-median';

/** The goal: the whole group dead within the grace period plus one second. */
const TARGET_MS = KILL_GRACE_MS + 1000;
/** Short, so the bench spends its time on the stopping, which is what it measures. */
const TIMEOUT_MS = 300;

/**
 * run_command (day 4's, finished) on a command whose process group must be stopped at its time
 * limit: the time from the limit to the call's return, which comes only once no process of the
 * group is alive. The
 * clock starts before the command is spawned, so the figure is an upper bound. After each run
 * the process table is searched for the command's marker; a survivor makes the row n/a.
 */
export async function benchRunCommand({ size, log }: BenchContext): Promise<BenchRow[]> {
  const folder = await mkdtemp(path.join(tmpdir(), 'agent-course-bench-command-'));
  const cases = [
    {
      name: 'grandchildren that stop on SIGTERM',
      command: (marker: string) => `sleep 1000.${marker} & sleep 1000.${marker} & wait`,
    },
    {
      name: 'a grandchild ignoring SIGTERM and holding the output pipe',
      command: (marker: string) => `sh -c "trap '' TERM; sleep 1000.${marker}; :" & wait`,
    },
  ];
  const rows: BenchRow[] = [];
  try {
    for (const [index, { name, command }] of cases.entries()) {
      log(`run_command timeout: ${name}`);
      const afterLimitMs: number[] = [];
      let survivors = 0;
      // One untimed warm-up run, then the timed ones, as every other row.
      for (let run = 0; run <= size.runs; run += 1) {
        const marker = `${process.pid}${index}${run}${Math.floor(Math.random() * 1e6)}`;
        const started = performance.now();
        const result = await runCommandTool.run(
          { command: command(marker), timeout_ms: TIMEOUT_MS },
          { cwd: folder, signal: new AbortController().signal },
        );
        const elapsed = performance.now() - started;
        const left = await findMarkedProcesses(marker);
        survivors += left.length;
        killProcesses(left);
        if (result.meta?.timedOut !== true)
          throw new Error(`the command did not time out: ${JSON.stringify(result)}`);
        if (run > 0) afterLimitMs.push(elapsed - TIMEOUT_MS);
      }
      const value = survivors > 0 ? Number.NaN : median(afterLimitMs);
      rows.push({
        section: 'run_command',
        measurement: `run_command: time limit to the whole group's death, ${name}`,
        value,
        unit: 'ms',
        target: {
          text: `≤ ${TARGET_MS.toLocaleString('en-US')} ms (grace ${KILL_GRACE_MS.toLocaleString('en-US')} ms + 1 s)`,
          verdict: !Number.isNaN(value) && value <= TARGET_MS ? 'PASS' : 'MISS',
        },
        note:
          survivors > 0
            ? `${survivors} process(es) with the marker survived the call`
            : `time limit ${TIMEOUT_MS} ms; the call returns once no process of the group is alive (checked in /proc), and the marker is then searched for in the process table: none survived`,
      });
    }
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
  return rows;
}
