import { z } from 'zod';

/**
 * What a check process is to do, sent as one line of JSON on its stdin after the token: on stdin
 * rather than the command line because the process may be started before the grader knows it (see
 * prestartCheckProcess in run-checks-in-child.ts).
 */
export const CheckProcessTask = z.strictObject({
  /** The day the checks belong to, e.g. `d3`. */
  dayId: z.string(),
  /** The (staged) lab to grade. */
  labDir: z.string(),
  /** Each check's time budget, counted from its start. */
  timeoutMs: z.number().positive(),
  /** The grade's scratch folder: the process's working folder and TMPDIR. */
  scratchRoot: z.string(),
  /** The checks to run, in order. */
  checkIds: z.array(z.string()),
});
export type CheckProcessTask = z.infer<typeof CheckProcessTask>;

/** Reads the task line; anything else is the grader's own mistake, told as such. */
export function parseCheckProcessTask(
  line: string,
): { ok: true; value: CheckProcessTask } | { ok: false; error: string } {
  try {
    const parsed = CheckProcessTask.safeParse(JSON.parse(line));
    return parsed.success
      ? { ok: true, value: parsed.data }
      : { ok: false, error: parsed.error.issues.map((issue) => issue.message).join('; ') };
  } catch {
    return { ok: false, error: 'it is not JSON' };
  }
}
