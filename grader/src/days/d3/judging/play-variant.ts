import type { CheckOutcome, Drive } from '../../../judging/check';
import { runLabCli } from './judge-lab-run';
import type { LabTranscript } from '../beside-lab/lab-transcript';
import type { ScriptedScenario } from '../beside-lab/scripted-run/scripted-scenario';

/** A run of the grader's, generated from a seed, and how its transcript is judged. */
export interface ScriptedVariant {
  /** What the scripted model plays against the lab's loop and registry: all the check process is sent. */
  script: ScriptedScenario;
  /** The check's verdict on the run, given here in the grader; computed from the script, never stored. */
  judge(transcript: LabTranscript): CheckOutcome | Promise<CheckOutcome>;
}

/**
 * Has the check process play the variant's script against the lab and judges, here, what the lab
 * did: the script goes to the check process, the verdict stays in the grader.
 */
export async function playVariant({
  drive,
  variant,
}: {
  drive: Drive;
  variant: ScriptedVariant;
}): Promise<CheckOutcome> {
  const played = await runLabCli({ drive, scenario: variant.script });
  return played.ok ? variant.judge(played.transcript) : played.outcome;
}
