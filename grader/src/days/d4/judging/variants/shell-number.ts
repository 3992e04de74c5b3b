import type { Random } from '../../../../judging/create-random';

/** Text a command prints that only the shell can work out, and what it prints. */
export interface ShellNumber {
  /** The shell words, e.g. `ready-$((4817 * 293))`. */
  expression: string;
  /** What the shell makes of them, e.g. `ready-1411381`. */
  printed: string;
}

/**
 * A label and a product the shell computes: the check knows the answer, a lab that only reads
 * the command text does not, so a result that shows it proves the command really ran.
 */
export function createShellNumber({
  random,
  label,
}: {
  random: Random;
  label: string;
}): ShellNumber {
  const left = random.integer(1_000, 9_999);
  const right = random.integer(100, 999);
  return { expression: `${label}-$((${left} * ${right}))`, printed: `${label}-${left * right}` };
}
