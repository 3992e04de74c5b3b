import { z } from 'zod';
import { LabThrow } from '../../../beside-lab/check-process-protocol';
import { lastLines } from '../../../beside-lab/tail-collector';
import type { CheckOutcome, JudgeContext } from '../../../judging/check';
import { describeLabThrew } from '../../../judging/judge-checks';
import { readAnswer } from '../../../judging/read-answer';
import type { RealRunRequest } from '../../../process-control/start-real-run';
import { judgeRealRun } from '../../../judging/judge-real-run';

const RunSeen = z.union([
  z.strictObject({ exitCode: z.number(), stdout: z.string(), stderr: z.string() }),
  z.strictObject({ thrown: LabThrow }),
]);

/** The runs, what each must end with, and what its last words must say. */
const RUNS = [
  { inject: undefined, exitCode: 0, says: undefined },
  { inject: 'cut', exitCode: 1, says: /length|token limit|cut/i },
  { inject: 'no_finish', exitCode: 1, says: /finish/i },
] as const;

/** The cut run again, as a process of its own, whose exit code the grader reads itself. */
export const realRun: RealRunRequest = {
  environment: { INJECT: 'cut' },
  endsWell: () => ({
    kind: 'ended',
    exitCode: 1,
    signal: null,
    stderr: 'the answer was cut at the token limit (finish reason length)',
  }),
};
const REAL_COMMAND = 'MOCK=1 INJECT=cut pnpm start';

/**
 * Check 3: through the lab's command line, as `MOCK=1 pnpm start` runs it, a whole answer exits 0,
 * and an answer cut at the token limit or a stream that ends with no finish reason is reported as
 * cut (exit 1, saying why) rather than as done. The cut run is also judged as a real process: the
 * check process only reports what the lab did, while a process's exit the grader sees for itself.
 */
export async function judge(context: JudgeContext): Promise<CheckOutcome> {
  const driven = await judgeDriven(context);
  if (!driven.passed) return driven;
  const run = await context.realRun();
  if (run.kind !== 'ended')
    return judgeRealRun({ run, command: REAL_COMMAND, labDir: context.labDir });
  const said = lastLines({ text: run.stderr, count: 2 }).join(' / ');
  if (run.exitCode !== 1 || !RUNS[1].says.test(run.stderr)) {
    return {
      passed: false,
      expected: `\`${REAL_COMMAND}\`, as a process, to exit 1 saying the answer was cut at the token limit`,
      got: `it exited with ${run.exitCode ?? run.signal}${said ? `: ${said}` : ''}`,
    };
  }
  return driven;
}

/** The three runs, driven through the lab's command line in the check process. */
async function judgeDriven({ drive }: JudgeContext): Promise<CheckOutcome> {
  for (const run of RUNS) {
    const command = `MOCK=1${run.inject ? ` INJECT=${run.inject}` : ''} pnpm start`;
    const seen = readAnswer({
      answer: await drive('runCommandLine', run.inject ? { inject: run.inject } : {}),
      schema: RunSeen,
      what: "the command line's run",
    });
    if ('thrown' in seen) {
      const { got, threw } = describeLabThrew(seen.thrown);
      return {
        passed: false,
        expected: `\`${command}\` to run to the end`,
        got,
        threw: threw ?? {},
      };
    }
    const said = lastLines({ text: seen.stderr, count: 2 }).join(' / ');
    const ending = `exit code ${seen.exitCode}${said ? `: ${said}` : ''}`;
    if (seen.exitCode !== run.exitCode || (run.says && !run.says.test(seen.stderr))) {
      return {
        passed: false,
        expected:
          run.inject === undefined
            ? `\`${command}\` to exit 0: the scripted answer ends with finish reason stop`
            : `\`${command}\` to exit 1, saying why the answer is not whole (${run.inject === 'cut' ? 'finish reason length' : 'no finish reason'})`,
        got: ending,
      };
    }
  }
  return {
    passed: true,
    transcript: RUNS.map((run) => `INJECT=${run.inject ?? '(none)'} → exit ${run.exitCode}`),
  };
}
