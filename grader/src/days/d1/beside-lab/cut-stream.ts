import { main } from '@agent-course/cli';
import { d1Scenario } from '@agent-course/sandbox/scenarios/d1';
import { describeLabThrow } from '../../../beside-lab/describe-lab-throw';
import type { DrivingPart } from '../../../beside-lab/driving-part';
import { STDERR_TAIL_CHARS } from '../../../beside-lab/limits';
import { createTailCollector } from '../../../beside-lab/tail-collector';
import { loadLabCommandLine } from '../../../beside-lab/load-lab-command-line';

/**
 * cut-stream's driving part: day 1's scenario through the lab's command line, as `MOCK=1 pnpm
 * start` runs it, with the kit's scenario in place of the lab's: how it exited and what it said.
 */
export const operations = {
  async runCommandLine({ inject }: { inject?: 'cut' | 'no_finish' }, { labDir, scratchDir }) {
    const commandLine = await loadLabCommandLine<[]>(labDir);
    const stdout = createTailCollector(STDERR_TAIL_CHARS);
    const stderr = createTailCollector(STDERR_TAIL_CHARS);
    try {
      const exitCode = await main({
        day: { ...commandLine, scenario: d1Scenario },
        args: [],
        io: {
          // Only what the run needs: no key, endpoint or model of the person grading reaches it.
          env: {
            MOCK: '1',
            NO_COLOR: '1',
            INIT_CWD: scratchDir,
            ...(inject ? { INJECT: inject } : {}),
          },
          stdout: (text) => stdout.add(text),
          stderr: (text) => stderr.add(text),
          mockTransport: 'in-process',
        },
      });
      return { exitCode, stdout: stdout.text(), stderr: stderr.text() };
    } catch (error) {
      return { thrown: describeLabThrow({ error, labDir }) };
    }
  },
} satisfies DrivingPart['operations'];
