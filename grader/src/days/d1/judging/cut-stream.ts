import { z } from 'zod';
import { LabThrow } from '../../../beside-lab/check-process-protocol';
import { lastLines } from '../../../beside-lab/tail-collector';
import type { CheckOutcome, JudgeContext } from '../../../judging/check';
import { describeLabThrew } from '../../../judging/judge-checks';
import { readAnswer } from '../../../judging/read-answer';

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

/**
 * Check 3: through the lab's command line, as `MOCK=1 pnpm start` runs it, a whole answer exits 0,
 * and an answer cut at the token limit or a stream that ends with no finish reason is reported as
 * cut (exit 1, saying why) rather than as done.
 */
export async function judge({ drive }: JudgeContext): Promise<CheckOutcome> {
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
