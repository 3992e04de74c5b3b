import type { CheckOutcome, Drive } from '../../../judging/check';
import { describeLabThrew } from '../../../judging/judge-checks';
import { STDERR_TAIL_LINES } from '../../../beside-lab/limits';
import { readAnswer } from '../../../judging/read-answer';
import { lastLines } from '../../../beside-lab/tail-collector';
import type { LabTranscript } from '../beside-lab/lab-transcript';
import { CommandLineRunSeen, ScriptedRunSeen } from '../beside-lab/lab-run-seen';
import type { ScriptedScenario } from '../beside-lab/scripted-run/scripted-scenario';

/** A finished CLI run, or the outcome to report when it did not finish properly. */
type LabCliRun = { ok: true; transcript: LabTranscript } | { ok: false; outcome: CheckOutcome };

/**
 * Has the check process run the lab offline, as a student would with `MOCK=1 pnpm start`, on a
 * fresh sandbox in the check's scratch dir (see run-lab-cli.ts), and judges how the run ended. The
 * run always plays a script of the grader's, never one from the lab: by default day 3's own
 * scenario through the lab's command line; with `scenario`, a variant generated from the seed,
 * played against the lab's loop and a registry the lab builds. Only the script is sent.
 */
export async function runLabCli(options: {
  drive: Drive;
  inject?: 'bad_args' | 'unknown_tool';
  question?: string;
  /** A variant of the grader's to play instead of day 3's scenario (see `scripted-run/`). */
  scenario?: ScriptedScenario;
}): Promise<LabCliRun> {
  const { drive, inject, question, scenario } = options;
  const command = scenario
    ? `the grader's scripted run (${scenario.label})`
    : `MOCK=1${inject ? ` INJECT=${inject}` : ''} pnpm start${question ? ` "${question}"` : ''}`;
  const seen = scenario
    ? readAnswer({
        answer: await drive('playScript', { script: scenario }),
        schema: ScriptedRunSeen,
        what: "the scripted run's transcript",
      })
    : readAnswer({
        answer: await drive('runCommandLine', {
          ...(inject ? { inject } : {}),
          ...(question ? { question } : {}),
        }),
        schema: CommandLineRunSeen,
        what: "the command line's run",
      });
  if ('thrown' in seen) {
    // Reported like any throw of the lab's: where it was thrown, blamed on the TODO owning that
    // line; with no frame of the lab's, on no TODO, since the check's own could be the wrong one.
    const { got, threw } = describeLabThrew(seen.thrown);
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
  // A scripted run that stops short of done is told as a command line that exits 1 would be.
  const stopped = 'stopReason' in seen && seen.stopReason !== 'done';
  const { exitCode, stderr } =
    'exitCode' in seen
      ? seen
      : {
          exitCode: stopped ? 1 : 0,
          stderr: stopped ? `Stopped: ${seen.error ?? seen.stopReason}\n` : '',
        };
  const said = lastLines({ text: stderr, count: STDERR_TAIL_LINES }).join(' / ');
  const ending = `it exited with code ${exitCode}${said ? `: ${said}` : ''}`;
  const { transcript } = seen;
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
