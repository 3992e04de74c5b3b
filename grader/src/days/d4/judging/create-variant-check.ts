import { handOverFolder } from '../../../lab-files/student-folders';
import { blameFirstThrow } from '../../../judging/blame-first-throw';
import type { CheckOutcome, Drive, JudgeContext } from '../../../judging/check';
import type { ToolThrowSeen } from '../../../beside-lab/observations';
import { createRandom } from '../../../judging/create-random';
import type { Random } from '../../../judging/create-random';

/** The first throw of the lab's tools on one input: later ones often follow from it. */
export interface FirstThrow {
  first?: ToolThrowSeen;
}

/** A check's failure as a judge tells it; the check adds the transcript. */
export type Failure = Omit<Extract<CheckOutcome, { passed: false }>, 'passed' | 'transcript'>;

/** What judging one variant gets. */
export interface VariantJudging<Variant> {
  /** Runs one step on the lab in the check process (see the check's driving part, beside-lab/). */
  drive: Drive;
  variant: Variant;
  /**
   * Builds the variant's folder with `build`, where the lab's code cannot reach it, and hands it
   * over whole (see student-folders.ts); resolves with where it now is.
   */
  prepare(build: (folder: string) => Promise<void>): Promise<string>;
  /** The check's transcript, shared by its variants. */
  transcript: string[];
  /** Where driveTool notes the lab's throws: a failure after one blames that line's TODO. */
  throws: FirstThrow;
}

/**
 * A check's `judge` that judges the lesson's fixed input (the figures the lesson page quotes), then
 * one the seed generates (salted with the check's id), each in a scratch folder of its own under a
 * transcript line with its `label`. `judge` answers undefined when the lab behaved. The first
 * failure is the check's outcome, told with the first throw of the lab's tools on that input.
 */
export function createVariantCheck<Variant extends { label: string }>({
  salt,
  lesson,
  createVariant,
  judge,
}: {
  salt: string;
  lesson: Variant;
  createVariant(random: Random): Variant;
  judge(judging: VariantJudging<Variant>): Promise<Failure | undefined>;
}): (context: JudgeContext) => Promise<CheckOutcome> {
  return async ({ drive, scratchDir, seed }) => {
    const variants = [lesson, createVariant(createRandom({ seed, salt }))];
    const transcript: string[] = [];
    for (const [index, variant] of variants.entries()) {
      transcript.push(`${variant.label}:`);
      const throws: FirstThrow = {};
      const failure = await judge({
        drive,
        variant,
        prepare: (build) => handOverFolder({ into: scratchDir, name: `variant-${index}`, build }),
        transcript,
        throws,
      });
      if (failure) {
        const outcome = { passed: false as const, ...failure, transcript };
        return blameFirstThrow({ outcome, thrown: throws.first });
      }
    }
    return { passed: true, transcript };
  };
}
