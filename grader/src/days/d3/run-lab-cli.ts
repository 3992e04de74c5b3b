import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSandbox } from '@agent-course/sandbox';
import type { CheckContext, CheckOutcome } from '../../check';
import { describeTimeLimit } from '../../create-time-budget';
import { STDERR_TAIL_LINES } from '../../limits';
import { spawnBounded } from '../../spawn-bounded';
import { lastLines } from '../../tail-collector';
import { handToStudentCode } from '../../unprivileged-user';
import { parseLabTranscript, type LabTranscript } from './lab-transcript';
import type { ScriptedScenario } from './scripted-run/scripted-scenario';

/** Plays a grader-owned scenario against the lab's loop and registry (see the `scenario` option). */
const SCRIPTED_RUN_ENTRY = fileURLToPath(
  new URL('./scripted-run/run-scripted-lab.ts', import.meta.url),
);

/** Environment variables that must not reach the lab: the run stays offline and plain. */
const WITHHELD_VARIABLES = [
  'OPENAI_API_KEY',
  'OPENAI_BASE_URL',
  'MODEL',
  'SELFTEST',
  'INJECT',
  'FORCE_COLOR',
];

/** A finished CLI run, or the outcome to report when it did not finish properly. */
export type LabCliRun =
  { ok: true; transcript: LabTranscript } | { ok: false; outcome: CheckOutcome };

/**
 * Runs the lab's CLI offline (`MOCK=1`), as a student would with `pnpm start`, on a fresh sandbox
 * in the check's scratch dir, and reads the transcript it writes.
 */
export async function runLabCli(options: {
  context: CheckContext;
  inject?: 'bad_args' | 'unknown_tool';
  question?: string;
  /**
   * A script of the grader's to play instead of the lab's `MOCK=1` scenario: the lab's loop and
   * registry run on it in a process of their own, and its transcript is read the same way.
   */
  scenario?: ScriptedScenario;
}): Promise<LabCliRun> {
  const { context, inject, question, scenario } = options;
  const command = scenario
    ? `the grader's scripted run (${scenario.label})`
    : `MOCK=1${inject ? ` INJECT=${inject}` : ''} pnpm start${question ? ` "${question}"` : ''}`;
  const runDir = scenario ? join(context.scratchDir, 'scripted') : context.scratchDir;
  await mkdir(runDir, { recursive: true });
  const sandbox = await createSandbox({ directory: join(runDir, 'sandbox') });
  const transcriptFile = join(runDir, 'transcript.json');
  const scenarioFile = join(runDir, 'scenario.json');
  if (scenario) {
    await writeFile(scenarioFile, JSON.stringify(scenario));
    // As root, the run is another user's, and writes its transcript in here.
    await handToStudentCode(runDir);
  }
  const env: NodeJS.ProcessEnv = { ...process.env, MOCK: '1', NO_COLOR: '1' };
  for (const name of WITHHELD_VARIABLES) delete env[name];
  if (inject) env.INJECT = inject;

  // The check runs in the grader process, so the CLI run is the only process to bound: it gets the whole budget.
  const ended = await spawnBounded({
    args: scenario
      ? [
          ...['--import', context.tsxLoaderUrl, SCRIPTED_RUN_ENTRY],
          ...['--lab', context.labDir, '--scenario', scenarioFile],
          ...['--cwd', sandbox.directory, '--transcript', transcriptFile],
        ]
      : [
          ...['--import', context.tsxLoaderUrl, join(context.labDir, 'src', 'main.ts')],
          ...(question ? [question] : []),
          ...['--cwd', sandbox.directory, '--transcript', transcriptFile],
        ],
    cwd: context.scratchDir,
    env,
    tempDir: context.tempDir,
    timeoutMs: context.timeoutMs,
  });
  if (ended.timedOut && ended.timeLimit) {
    const got = `it ${describeTimeLimit(ended.timeLimit)}`;
    return {
      ok: false,
      outcome: { passed: false, expected: `\`${command}\` to finish`, got, errorKind: 'timeout' },
    };
  }
  const said = lastLines({ text: ended.stderrTail, count: STDERR_TAIL_LINES }).join(' / ');
  const ending = `it exited with code ${ended.exitCode ?? ended.signal}${said ? `: ${said}` : ''}`;
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
