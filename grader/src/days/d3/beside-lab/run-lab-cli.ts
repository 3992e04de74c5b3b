import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { main } from '@agent-course/cli';
import { d3Scenario } from '@agent-course/sandbox/scenarios/d3';
import { createSandbox } from '@agent-course/sandbox';
import { describeLabThrow } from '../../../beside-lab/describe-lab-throw';
import type { DrivingPart } from '../../../beside-lab/driving-part';
import { STDERR_TAIL_CHARS } from '../../../beside-lab/limits';
import { createTailCollector } from '../../../beside-lab/tail-collector';
import { loadLabCommandLine } from '../../../beside-lab/load-lab-command-line';
import { loadScriptedLab } from './d3-lab';
import { parseLabTranscript } from './lab-transcript';
import { type CommandLineRunSeen, MAX_RUN_ERROR_CHARS, type ScriptedRunSeen } from './lab-run-seen';
import { runScriptedScenario } from './scripted-run/run-scripted-scenario';
import type { ScriptedScenario } from './scripted-run/scripted-scenario';

/**
 * The runs of the lab that bad-arguments, unknown-tool and call-order drive, each offline on a
 * fresh sandbox in the check's scratch folder, reported as data for the grader to judge (see
 * judge-lab-run.ts, which says which script each plays).
 */
export const labRunOperations = {
  /**
   * Day 3's scenario through the lab's command line (`src/main.ts` exports what it hands to
   * `runCommandLine`, and the kit's `main` drives it), as `MOCK=1 pnpm start` runs it.
   */
  async runCommandLine(
    { inject, question }: { inject?: 'bad_args' | 'unknown_tool'; question?: string },
    { labDir, scratchDir },
  ): Promise<CommandLineRunSeen> {
    const runDir = join(scratchDir, 'cli');
    const sandbox = await createSandbox({ directory: join(runDir, 'sandbox') });
    const transcriptFile = join(runDir, 'transcript.json');
    // A broken import is the lab's load error, answered as a throw (outside the run's own failures).
    const commandLine = await loadLabCommandLine(labDir);
    const stderr = createTailCollector(STDERR_TAIL_CHARS);
    let exitCode: number;
    try {
      exitCode = await main({
        day: { ...commandLine, scenario: d3Scenario },
        args: [
          ...(question ? [question] : []),
          ...['--cwd', sandbox.directory, '--transcript', transcriptFile],
        ],
        io: {
          // Only what the run needs: no key, endpoint or model of the person grading reaches it.
          env: {
            MOCK: '1',
            NO_COLOR: '1',
            INIT_CWD: scratchDir,
            ...(inject ? { INJECT: inject } : {}),
          },
          stdout: () => {},
          stderr: (text) => stderr.add(text),
          // No socket per run: the one real run of the command line crosses the loopback server.
          mockTransport: 'in-process',
        },
      });
    } catch (error) {
      // The run ended with a throw of the lab's: told as data, for the check to report as its own.
      return { thrown: describeLabThrow({ error, labDir }) };
    }
    const transcript = parseLabTranscript(await readFile(transcriptFile, 'utf8').catch(() => ''));
    return { exitCode, stderr: stderr.text(), ...(transcript ? { transcript } : {}) };
  },
  /** A script of the grader's against the lab's loop and registry (see `scripted-run/`). */
  async playScript(
    { script }: { script: ScriptedScenario },
    { labDir, scratchDir },
  ): Promise<ScriptedRunSeen> {
    const sandbox = await createSandbox({ directory: join(scratchDir, 'scripted', 'sandbox') });
    // A broken import is the lab's load error, answered as a throw (outside the run's own failures).
    const lab = await loadScriptedLab(labDir);
    try {
      const { error, ...run } = await runScriptedScenario({
        lab,
        scenario: script,
        cwd: sandbox.directory,
      });
      // Through the same parser as the command line's transcript file, so both are judged alike.
      const transcript = parseLabTranscript(JSON.stringify(run));
      return {
        stopReason: String(run.stopReason).slice(0, MAX_RUN_ERROR_CHARS),
        ...(error ? { error: String(error).slice(0, MAX_RUN_ERROR_CHARS) } : {}),
        ...(transcript ? { transcript } : {}),
      };
    } catch (error) {
      return { thrown: describeLabThrow({ error, labDir }) };
    }
  },
} satisfies DrivingPart['operations'];
