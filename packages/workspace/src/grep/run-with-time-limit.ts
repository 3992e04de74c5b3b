import vm from 'node:vm';

/** What a time-limited task produced, or that it ran out of time. */
export type TimeLimitedOutcome<Value> = { ok: true; value: Value } | { ok: false };

/**
 * One empty context and one tiny script, reused for every call: creating a context is slow, and
 * the script only calls the task it is handed, which runs as ordinary code of this module.
 */
const context = vm.createContext({ task: undefined as (() => unknown) | undefined });
const callTask = new vm.Script('task()');

/**
 * Runs a synchronous task and stops it after `timeLimitMs`. A regular expression that backtracks
 * catastrophically never yields to the event loop, so no timer or abort signal can stop it; the
 * `timeout` of a vm script can, because V8 interrupts even a running expression. Each call starts
 * a watchdog thread, which costs a fraction of a millisecond, so callers should batch their work.
 * An error the task throws is thrown again.
 */
export function runWithTimeLimit<Value>({
  task,
  timeLimitMs,
}: {
  task: () => Value;
  timeLimitMs: number;
}): TimeLimitedOutcome<Value> {
  context.task = task;
  try {
    // vm insists on a whole number of milliseconds, at least 1.
    const timeout = Math.max(1, Math.ceil(timeLimitMs));
    return { ok: true, value: callTask.runInContext(context, { timeout }) as Value };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') {
      return { ok: false };
    }
    throw error;
  } finally {
    context.task = undefined;
  }
}
