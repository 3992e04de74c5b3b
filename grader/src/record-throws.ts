import type { ToolDef } from '@agent-course/core';
import type { CheckOutcome } from './check';
import { findLabFrame } from './find-lab-frame';

/** An error one of the lab's tools threw, the tool's name, and the arguments it was given. */
export interface ToolThrow {
  tool: string;
  error: unknown;
  args: unknown;
}

/** The first error the lab's tools threw while a check judged one input. */
export interface ThrowLog {
  /** Notes a throw; only the first is kept, since later ones often follow from it. */
  note(thrown: ToolThrow): void;
  /** The first throw noted; undefined while none has been. */
  first(): ToolThrow | undefined;
}

export function createThrowLog(): ThrowLog {
  let first: ToolThrow | undefined;
  return {
    note: (thrown) => {
      first ??= thrown;
    },
    first: () => first,
  };
}

/**
 * The lab's tools, each passing on what it throws after noting it in `log`. Day 3's finished
 * registry turns a throw into a failed result, which keeps the message but loses the stack, so
 * without this a run that failed because read_file threw could not say at which line of the lab
 * it did.
 */
export function recordThrows({ tools, log }: { tools: ToolDef[]; log: ThrowLog }): ToolDef[] {
  return tools.map((tool) => ({
    ...tool,
    async run(args, context) {
      try {
        return await tool.run(args, context);
      } catch (error) {
        log.note({ tool: tool.name, error, args });
        throw error;
      }
    },
  }));
}

/**
 * A failure seen after one of the lab's tools threw, told with that throw: the got line says which
 * tool threw and where (`; edit_file threw at src/tools/edit-file.ts:72`), and the hint blames
 * that place and the TODO owning it (see blame-throw.ts), not the check's own TODO, which may be
 * another exercise's (stale-edit's is read_file's). With no frame of the lab's, only the tool is
 * named and the check's hint stands. A passed outcome, or one that already names a throw, is kept.
 */
export function blameFirstThrow({
  outcome,
  log,
  labDir,
}: {
  outcome: CheckOutcome;
  log: ThrowLog;
  labDir: string;
}): CheckOutcome {
  const thrown = log.first();
  if (outcome.passed || outcome.threw || !thrown) return outcome;
  const at = findLabFrame({ error: thrown.error, labDir });
  return {
    ...outcome,
    got: `${outcome.got}; ${thrown.tool} threw${at ? ` at ${at}` : ''}`,
    ...(at ? { threw: { at } } : {}),
  };
}
