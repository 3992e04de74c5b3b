import { handOverFolder } from '../../../lab-files/student-folders';
import { blameFirstThrow } from '../../../judging/blame-first-throw';
import type { CheckOutcome, Drive, JudgeContext } from '../../../judging/check';
import type { ToolThrowSeen } from '../../../beside-lab/observations';
import { createRandom } from '../../d3/judging/variants/create-random';
import type { Random } from '../../d3/judging/variants/create-random';

/** The first throw of the lab's tools while one input was judged, as the check process saw it. */
export interface FirstThrow {
  /** Notes a throw; only the first is kept, since later ones often follow from it. */
  note(thrown: ToolThrowSeen | undefined): void;
  /** The first throw noted; undefined while none has been. */
  first(): ToolThrowSeen | undefined;
}

export function createFirstThrow(): FirstThrow {
  let first: ToolThrowSeen | undefined;
  return {
    note: (thrown) => {
      first ??= thrown;
    },
    first: () => first,
  };
}

/** What judging one variant gets: the check process, the variant, a scratch folder, the transcript. */
export interface VariantJudging<Variant> {
  /** Runs one step on the lab in the check process (see its driving part, beside-lab/). */
  drive: Drive;
  variant: Variant;
  /**
   * Builds the variant's folder with \`build\`, where the lab's code cannot reach it, and hands it
   * over whole (see student-folders.ts); resolves with where it now is. The grader writes nothing
   * there afterwards but through the workspace's own guarded writes.
   */
  prepare(build: (folder: string) => Promise<void>): Promise<string>;
  /** The check's transcript, shared by its variants; a judge adds its calls and results. */
  transcript: string[];
  /**
   * Where the lab's tools' throws are noted (see driveTool): a failure after one names that tool
   * and place, and is blamed on that line's TODO (see blame-first-throw.ts).
   */
  throws: FirstThrow;
}

/** What a check judged on variants is made of. */
export interface VariantCheck<Variant extends { label: string }> {
  /** The check's id: it keeps the check's variants apart from the other checks'. */
  salt: string;
  /** The lesson's fixed input, judged first, so the figures the lesson page quotes are judged. */
  lesson: Variant;
  /** The seed's input, judged after it, with an expectation computed from what was generated. */
  createVariant(random: Random): Variant;
  /** Judges one variant: undefined when the lab behaved, the failed outcome otherwise. */
  judge(judging: VariantJudging<Variant>): Promise<CheckOutcome | undefined>;
}

/**
 * A check's `judge` that judges the lesson's input, then the seed's, each in a scratch folder of
 * its own under a transcript line naming it. The first failure is the check's outcome, told with
 * the first throw of the lab's tools while that input was judged, if any.
 */
export function createVariantCheck<Variant extends { label: string }>({
  salt,
  lesson,
  createVariant,
  judge,
}: VariantCheck<Variant>): (context: JudgeContext) => Promise<CheckOutcome> {
  return async ({ drive, scratchDir, seed }) => {
    const variants = [lesson, createVariant(createRandom({ seed, salt }))];
    const transcript: string[] = [];
    for (const [index, variant] of variants.entries()) {
      transcript.push(`${variant.label}:`);
      const throws = createFirstThrow();
      const failure = await judge({
        drive,
        variant,
        prepare: (build) => handOverFolder({ into: scratchDir, name: `variant-${index}`, build }),
        transcript,
        throws,
      });
      if (failure) return blameFirstThrow({ outcome: failure, thrown: throws.first() });
    }
    return { passed: true, transcript };
  };
}
