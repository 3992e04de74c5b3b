import { randomInt } from 'node:crypto';
import { MAX_SEED } from '../beside-lab/limits';

/** A fresh seed for a grade: unpredictable, so a lab cannot be written for one set of variants. */
export function pickSeed(): number {
  return randomInt(0, MAX_SEED + 1);
}
