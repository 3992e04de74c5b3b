import { groupDigits } from '@agent-course/core';
import { nonRepetitiveText } from '../non-repetitive-text';
import type { Random } from '../../../../judging/create-random';

/** The day's budget for one result, and the share of it kept from the start. */
export const MAX_RESULT_CHARS = 8_000;
export const HEAD_CHARS = 4_800;
/** The longest note a cut may leave: it says what was cut and how to get the rest, briefly. */
export const MAX_NOTE_CHARS = 200;

/** A generated result and what truncating it must keep, computed from its text. */
export interface TruncationVariant {
  /** What the variant tries, for messages. */
  label: string;
  /** The result handed to truncateResult. */
  result: { ok: boolean; content: string; meta?: Record<string, unknown> };
  /** Undefined when the result is within budget and must come back unchanged. */
  cut?: {
    /** The text kept from the start. */
    head: string;
    /** The text kept from the end. */
    tail: string;
    /** How many characters were left out. */
    cutChars: number;
  };
}

const EMOJI = '🧪';

/**
 * Results around the limit and far above it: just over, exactly at and just under the budget, a
 * random length above it, a very long one, and two with an emoji astride a cut (one at each end
 * of it), each with or without meta of its own that must survive.
 */
export function createTruncationVariants(random: Random): TruncationVariant[] {
  const lengths = [
    { label: 'one character over the budget', length: MAX_RESULT_CHARS + 1 },
    { label: 'exactly the budget', length: MAX_RESULT_CHARS },
    { label: 'one character under the budget', length: MAX_RESULT_CHARS - random.integer(1, 50) },
    { label: 'a length above the budget', length: random.integer(MAX_RESULT_CHARS + 2, 40_000) },
    { label: 'far above the budget', length: random.integer(100_000, 400_000) },
  ];
  const variants = lengths.map(({ label, length }) =>
    createVariant({ label, text: nonRepetitiveText(length), random }),
  );
  const length = random.integer(MAX_RESULT_CHARS + 10, 60_000);
  const text = nonRepetitiveText(length);
  // The emoji's two halves sit on either side of the head's end, then of the tail's start: each
  // end of the cut is tried every time, so a lab that guards only one cannot pass by luck.
  for (const at of [HEAD_CHARS - 1, length - (MAX_RESULT_CHARS - HEAD_CHARS) - 1]) {
    const split = text.slice(0, at) + EMOJI + text.slice(at + EMOJI.length);
    variants.push(
      createVariant({
        label: `an emoji astride a cut (at ${groupDigits(at)})`,
        text: split,
        random,
      }),
    );
  }
  return variants;
}

/** The result and, when over budget, what its head, tail and cut must be. */
function createVariant({
  label,
  text,
  random,
}: {
  label: string;
  text: string;
  random: Random;
}): TruncationVariant {
  const meta = random.chance(0.5) ? { source: `variant-${random.integer(1, 99)}` } : undefined;
  const result = { ok: random.chance(0.8), content: text, ...(meta ? { meta } : {}) };
  const shown = `${label}: ${groupDigits(text.length)} characters${meta ? ' with meta' : ''}`;
  if (text.length <= MAX_RESULT_CHARS) return { label: shown, result };
  let headEnd = HEAD_CHARS;
  let tailStart = text.length - (MAX_RESULT_CHARS - HEAD_CHARS);
  // A cut never halves an emoji: the half pair is left out with the middle.
  if (/[\uD800-\uDBFF]/.test(text.charAt(headEnd - 1))) headEnd -= 1;
  if (/[\uDC00-\uDFFF]/.test(text.charAt(tailStart))) tailStart += 1;
  return {
    label: shown,
    result,
    cut: {
      head: text.slice(0, headEnd),
      tail: text.slice(tailStart),
      cutChars: tailStart - headEnd,
    },
  };
}

/** Whether the text has half of a surrogate pair on its own. */
export function hasLoneSurrogate(text: string): boolean {
  return /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text);
}
