import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { main, type Scenario } from '@agent-course/cli';
import { d3Scenario } from '@agent-course/cli/scenarios/d3';
import { createSandbox } from '@agent-course/sandbox';
import type { CheckContext, CheckOutcome } from '../../check';
import { STDERR_TAIL_CHARS, STDERR_TAIL_LINES } from '../../limits';
import { createTailCollector, lastLines } from '../../tail-collector';
import { loadD3CommandLine } from './d3-lab';
import { parseLabTranscript, type LabTranscript } from './lab-transcript';

/** A finished CLI run, or the outcome to report when it did not finish properly. */
export type LabCliRun =
  { ok: true; transcript: LabTranscript } | { ok: false; outcome: CheckOutcome };

/**
 * Runs the lab's command line offline (`MOCK=1`), as a student would with `pnpm start`, on a
 * fresh sandbox in the check's scratch dir, and reads the transcript it writes. It runs inside the
 * check's process: the lab's `src/main.ts` exports what it hands to the command line (its tools,
 * registry and loop), and the kit's `main` from `@agent-course/cli` drives it with the grader's
 * scenario, never one from the lab, so a student's edits cannot change what the model plays.
 */
export async function runLabCli(options: {
  context: CheckContext;
  inject?: 'bad_args' | 'unknown_tool';
  question?: string;
  /** What the scripted model plays; day 3's own scenario unless a check brings a variant. */
  scenario?: Scenario;
}): Promise<LabCliRun> {
  const { context, inject, question } = options;
  const command = `MOCK=1${inject ? ` INJECT=${inject}` : ''} pnpm start${question ? ` "${question}"` : ''}`;
  const commandLine = await loadD3CommandLine(context.labDir);
  const sandbox = await createSandbox({ directory: join(context.scratchDir, 'sandbox') });
  const transcriptFile = join(context.scratchDir, 'transcript.json');
  const stderr = createTailCollector(STDERR_TAIL_CHARS);
  let exitCode: number;
  try {
    exitCode = await main({
      day: { ...commandLine, scenario: options.scenario ?? d3Scenario },
      args: [
        ...(question ? [question] : []),
        ...['--cwd', sandbox.directory, '--transcript', transcriptFile],
      ],
      io: {
        // Only what the run needs: no key, endpoint or model of the person grading reaches it.
        env: {
          MOCK: '1',
          NO_COLOR: '1',
          INIT_CWD: context.scratchDir,
          ...(inject ? { INJECT: inject } : {}),
        },
        stdout: () => {},
        stderr: (text) => stderr.add(text),
      },
    });
  } catch (error) {
    // What `pnpm start` prints when the day's loop throws, and its exit code.
    const reason = error instanceof Error ? error.message : String(error);
    stderr.add(`The agent stopped on an unexpected error: ${reason}\n`);
    exitCode = 1;
  }
  const said = lastLines({ text: stderr.text(), count: STDERR_TAIL_LINES }).join(' / ');
  const ending = `it exited with code ${exitCode}${said ? `: ${said}` : ''}`;
  const transcript = parseLabTranscript(await readFile(transcriptFile, 'utf8').catch(() => ''));
  if (!transcript) {
    return {
      ok: false,
      outcome: {
        passed: false,
        expected: `\`${command}\` to finish and write its transcript`,
        got: ending,
      },
    };
  }
  if (exitCode !== 0) {
    return {
      ok: false,
      outcome: { passed: false, expected: `\`${command}\` to exit with code 0`, got: ending },
    };
  }
  const calls = transcript.messages.flatMap((message) => message.toolCalls ?? []);
  if (calls.length === 0) {
    return {
      ok: false,
      outcome: {
        passed: false,
        expected: `\`${command}\` to merge and run the scripted model's tool calls`,
        got: `the run made no tool calls at all (it ended "${transcript.stopReason}")`,
        // The check's `no-calls` hint names the loop; when merging fails too, dependsOn blames TODO(1) first.
        mistake: 'no-calls',
      },
    };
  }
  return { ok: true, transcript };
}
