import type { DrivingPart } from '../../../beside-lab/driving-part';
import { runCommandOperation } from './run-command-operation';
import type { ToolCallSeen } from './observations';
import { loadD4Lab } from './d4-lab';
import { callTool } from './call-tool';

/** What `start` answers: the call runs on. */
const STARTED = 'started';

/** A call of run_command left running between steps, by its folder, with the run's signal. */
const running = new Map<
  string,
  { controller: AbortController; ended: boolean; seen: Promise<ToolCallSeen> }
>();

/**
 * timeout-group's driving part: the lab's run_command on the commands the grader wrote, and a call
 * left running so that the grader, which watches the command's processes itself, can press Ctrl-C
 * (abort the run's signal) once it sees them. The grader judges whether and when the calls ended,
 * and what they left behind.
 */
export const operations = {
  /** What the lab's run_command answers `args`, run in `cwd`. */
  run: runCommandOperation,
  /** Starts the lab's run_command on `args` in `cwd`, with a signal `finish` can abort, and returns. */
  async start({ cwd, args }: { cwd: string; args: Record<string, unknown> }, { labDir }) {
    const lab = await loadD4Lab(labDir);
    const controller = new AbortController();
    const call = {
      controller,
      ended: false,
      seen: callTool({
        tool: lab.runCommandTool,
        args,
        context: { cwd, signal: controller.signal },
        labDir,
      }),
    };
    void call.seen
      .finally(() => {
        call.ended = true;
      })
      .catch(() => {});
    running.set(cwd, call);
    return STARTED;
  },
  /** Whether the call started in `cwd` has ended by itself. */
  async ended({ cwd }: { cwd: string }) {
    return running.get(cwd)?.ended ?? true;
  },
  /** What the call started in `cwd` answered, once it ends; with `abort`, the run's signal aborts first. */
  async finish({ cwd, abort }: { cwd: string; abort: boolean }) {
    const call = running.get(cwd);
    if (!call) throw new Error(`no run_command call was started in ${cwd}`);
    if (abort) call.controller.abort();
    try {
      return await call.seen;
    } finally {
      running.delete(cwd);
    }
  },
} satisfies DrivingPart['operations'];
