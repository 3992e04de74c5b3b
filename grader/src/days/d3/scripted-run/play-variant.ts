import type { CheckContext, CheckOutcome } from '../../../check';
import type { LabTranscript } from '../lab-transcript';
import { runLabCli } from '../run-lab-cli';
import type { ScriptedScenario } from './scripted-scenario';

/** A run of the grader's, generated from a seed, and how its transcript is judged. */
export interface ScriptedVariant {
  /** What the scripted model plays against the lab's loop and registry. */
  script: ScriptedScenario;
  /** The check's verdict on the run; computed from the script, never stored. */
  judge(transcript: LabTranscript): CheckOutcome;
}

/** Plays the variant against the lab (in the check's process, the grade's isolated child) and judges what it did. */
export async function playVariant({
  context,
  variant,
}: {
  context: CheckContext;
  variant: ScriptedVariant;
}): Promise<CheckOutcome> {
  const played = await runLabCli({ context, scenario: variant.script });
  return played.ok ? variant.judge(played.transcript) : played.outcome;
}
