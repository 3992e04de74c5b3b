import { join } from 'node:path';
import type { CheckContext, CheckOutcome } from '../../check';
import { createRandom } from '../d3/variants/create-random';
import type { Random } from '../d3/variants/create-random';
import { loadD4Lab } from './d4-lab';
import type { D4Lab } from './d4-lab';
import { blameFirstThrow, createThrowLog } from '../../record-throws';
import type { ThrowLog } from '../../record-throws';

/** What judging one variant gets: the lab, the variant, a scratch folder of its own, the transcript. */
export interface VariantJudging<Variant> {
  lab: D4Lab;
  /** The lab's folder, for naming where its code threw. */
  labDir: string;
  variant: Variant;
  scratchDir: string;
  /** The check's transcript, shared by its variants; a judge adds its calls and results. */
  transcript: string[];
  /**
   * Where the lab's tools' throws are noted (by an edit workspace, or recordThrows): a failure
   * after one names that tool and place, and is blamed on that line's TODO (see record-throws.ts).
   */
  throws: ThrowLog;
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
 * A check's `run` that judges the lesson's input, then the seed's, each in a scratch folder of its
 * own under a transcript line naming it. The first failure is the check's outcome, told with the
 * first throw of the lab's tools while that input was judged, if any.
 */
export function createVariantCheck<Variant extends { label: string }>({
  salt,
  lesson,
  createVariant,
  judge,
}: VariantCheck<Variant>): (context: CheckContext) => Promise<CheckOutcome> {
  return async ({ labDir, scratchDir, seed }) => {
    const lab = await loadD4Lab(labDir);
    const variants = [lesson, createVariant(createRandom({ seed, salt }))];
    return judgeVariants({ lab, labDir, variants, scratchDir, judge });
  };
}

async function judgeVariants<Variant extends { label: string }>({
  lab,
  labDir,
  variants,
  scratchDir,
  judge,
}: {
  lab: D4Lab;
  labDir: string;
  variants: Variant[];
  scratchDir: string;
  judge: VariantCheck<Variant>['judge'];
}): Promise<CheckOutcome> {
  const transcript: string[] = [];
  for (const [index, variant] of variants.entries()) {
    transcript.push(`${variant.label}:`);
    const scratch = join(scratchDir, `variant-${index}`);
    const throws = createThrowLog();
    const failure = await judge({ lab, labDir, variant, scratchDir: scratch, transcript, throws });
    if (failure) return blameFirstThrow({ outcome: failure, log: throws, labDir });
  }
  return { passed: true, transcript };
}
