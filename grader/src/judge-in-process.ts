import type { CheckModule, CheckOutcome } from './check';
import type { DrivingPart } from './beside-lab/driving-part';
import { describeLabThrow } from './beside-lab/describe-lab-throw';
import { LabThrew } from './check-process';
import { judgeOutcome } from './judge-checks';

/**
 * Judges a check with its driving part run in this process, not in a check process: for the
 * grader's own tests of what a check judges (many seeds, broken labs), where the process is not
 * what is tested. Each answer goes through JSON, as it would on the channel, and a throw of the
 * lab's becomes LabThrew, as the check process would answer it.
 */
export function judgeInProcess({
  check,
  driving,
  labDir,
  scratchDir,
  seed,
}: {
  /** The judging part (`days/<day>/checks/<id>.ts`). */
  check: CheckModule;
  /** The driving part (`days/<day>/beside-lab/<id>.ts`). */
  driving: DrivingPart;
  labDir: string;
  scratchDir: string;
  seed: number;
}): Promise<CheckOutcome> {
  const drive = async (operation: string, input?: unknown) => {
    const run = driving.operations[operation];
    if (!run) throw new Error(`the driving part has no operation ${operation}`);
    let output: unknown;
    try {
      output = await run(input as never, { labDir, scratchDir });
    } catch (error) {
      throw new LabThrew(describeLabThrow({ error, labDir }));
    }
    return output === undefined ? undefined : (JSON.parse(JSON.stringify(output)) as unknown);
  };
  return judgeOutcome({ load: async () => check, context: { labDir, scratchDir, seed, drive } });
}
