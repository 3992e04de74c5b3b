import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { main } from '@agent-course/cli';
import { d3Scenario } from '@agent-course/cli/scenarios/d3';
import { createSandbox } from '@agent-course/sandbox';
import type { CheckContext, CheckOutcome } from '../../check';
import { describeThrow } from '../../blame-throw';
import { STDERR_TAIL_CHARS, STDERR_TAIL_LINES } from '../../limits';
import { createTailCollector, lastLines } from '../../tail-collector';
import { loadD3CommandLine, loadScriptedLab } from './d3-lab';
import { parseLabTranscript, type LabTranscript } from './lab-transcript';
import { runScriptedScenario } from './scripted-run/run-scripted-scenario';
import type { ScriptedScenario } from './scripted-run/scripted-scenario';

/** A finished CLI run, or the outcome to report when it did not finish properly. */
export type LabCliRun =
  { ok: true; transcript: LabTranscript } | { ok: false; outcome: CheckOutcome };

/** What a run ended with: its exit code, what it said on stderr, and its transcript if any. */
interface Ending {
  exitCode: number;
  stderr: string;
  transcript: LabTranscript | undefined;
  /** What the lab's code threw, when the run ended that way. */
  thrown?: { error: unknown };
}

/**
 * Runs the lab offline, as a student would with `MOCK=1 pnpm start`, on a fresh sandbox in the
 * check's scratch dir, and judges the transcript. It runs inside the check's process and always
 * plays a script of the grader's, never one from the lab, so a student's edits cannot change what
 * the model plays: by default day 3's own scenario through the lab's command line (`src/main.ts`
 * exports what it hands to `runCommandLine`, and the kit's `main` drives it); with `scenario`, a
 * variant generated from the seed, played against the lab's loop and a registry the lab builds.
 */
export async function runLabCli(options: {
  context: CheckContext;
  inject?: 'bad_args' | 'unknown_tool';
  question?: string;
  /** A variant of the grader's to play instead of day 3's scenario (see `scripted-run/`). */
  scenario?: ScriptedScenario;
}): Promise<LabCliRun> {
  const { context, inject, question, scenario } = options;
  const command = scenario
    ? `the grader's scripted run (${scenario.label})`
    : `MOCK=1${inject ? ` INJECT=${inject}` : ''} pnpm start${question ? ` "${question}"` : ''}`;
  const runDir = join(context.scratchDir, scenario ? 'scripted' : 'cli');
  const sandbox = await createSandbox({ directory: join(runDir, 'sandbox') });
  const ended = scenario
    ? await playScripted({ context, scenario, cwd: sandbox.directory })
    : await runCommandLineInProcess({
        context,
        inject,
        question,
        cwd: sandbox.directory,
        transcriptFile: join(runDir, 'transcript.json'),
      });
  if (ended.thrown) {
    // Reported like any throw of the lab's: where it was thrown, blamed on the TODO owning that
    // line; with no frame of the lab's, on no TODO, since the check's own could be the wrong one.
    const { got, threw } = describeThrow({ error: ended.thrown.error, labDir: context.labDir });
    return {
      ok: false,
      outcome: {
        passed: false,
        expected: `\`${command}\` to run to the end`,
        got,
        threw: threw ?? {},
      },
    };
  }
  const said = lastLines({ text: ended.stderr, count: STDERR_TAIL_LINES }).join(' / ');
  const ending = `it exited with code ${ended.exitCode}${said ? `: ${said}` : ''}`;
  const { transcript } = ended;
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
  if (ended.exitCode !== 0) {
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

/** Day 3's scenario through the lab's command line and the kit's `main`, as `pnpm start` runs it. */
async function runCommandLineInProcess({
  context,
  inject,
  question,
  cwd,
  transcriptFile,
}: {
  context: CheckContext;
  inject: string | undefined;
  question: string | undefined;
  cwd: string;
  transcriptFile: string;
}): Promise<Ending> {
  const commandLine = await loadD3CommandLine(context.labDir);
  const stderr = createTailCollector(STDERR_TAIL_CHARS);
  let exitCode: number;
  try {
    exitCode = await main({
      day: { ...commandLine, scenario: d3Scenario },
      args: [...(question ? [question] : []), ...['--cwd', cwd, '--transcript', transcriptFile]],
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
        // No socket per run: the one real run of the command line crosses the loopback server.
        mockTransport: 'in-process',
      },
    });
  } catch (error) {
    return { exitCode: 1, stderr: stderr.text(), transcript: undefined, thrown: { error } };
  }
  const transcript = parseLabTranscript(await readFile(transcriptFile, 'utf8').catch(() => ''));
  return { exitCode, stderr: stderr.text(), transcript };
}

/** A variant of the grader's against the lab's loop and registry; a stop short of done exits 1. */
async function playScripted({
  context,
  scenario,
  cwd,
}: {
  context: CheckContext;
  scenario: ScriptedScenario;
  cwd: string;
}): Promise<Ending> {
  // A broken import is the lab's load error, reported as such (outside the run's own failures).
  const lab = await loadScriptedLab(context.labDir);
  try {
    const { error, ...transcript } = await runScriptedScenario({ lab, scenario, cwd });
    const stopped = transcript.stopReason !== 'done';
    return {
      exitCode: stopped ? 1 : 0,
      stderr: stopped ? `Stopped: ${error ?? transcript.stopReason}\n` : '',
      // Through the same parser as the command line's transcript file, so both are judged alike.
      transcript: parseLabTranscript(JSON.stringify(transcript)),
    };
  } catch (error) {
    return { exitCode: 1, stderr: '', transcript: undefined, thrown: { error } };
  }
}
