import { lines } from './calc-project-files';

/** How many primes the generated table holds; enough to make it a long file. */
export const PRIME_COUNT = 6000;

/** How many numbers go on one line of the table, keeping every line short. */
const PRIMES_PER_LINE = 20;

/**
 * A generated source file of about forty thousand characters: the file a model should read a
 * slice of, not whole. Computed with a sieve, so it is the same on every machine.
 */
export function primesTable(): string {
  const primes = firstPrimes(PRIME_COUNT);
  const rows: string[] = [];
  for (let start = 0; start < primes.length; start += PRIMES_PER_LINE) {
    rows.push(`  ${primes.slice(start, start + PRIMES_PER_LINE).join(', ')},`);
  }
  return lines([
    '// Generated file: do not edit by hand.',
    `// The first ${PRIME_COUNT} prime numbers, ${PRIMES_PER_LINE} to a line.`,
    'export const PRIMES = [',
    ...rows,
    '];',
  ]);
}

/**
 * The first `count` primes, by a sieve of Eratosthenes that grows until it holds enough. It starts
 * at a ceiling the count-th prime never exceeds (n(ln n + ln ln n), for n of 6 or more), so one pass
 * does: the table is made in every process that writes a sandbox, the grader's among them.
 */
function firstPrimes(count: number): number[] {
  const bound = count >= 6 ? Math.ceil(count * (Math.log(count) + Math.log(Math.log(count)))) : 13;
  for (let ceiling = bound; ; ceiling *= 2) {
    const composite = new Uint8Array(ceiling + 1);
    const primes: number[] = [];
    for (let candidate = 2; candidate <= ceiling; candidate += 1) {
      if (composite[candidate]) continue;
      primes.push(candidate);
      if (primes.length === count) return primes;
      for (let multiple = candidate * candidate; multiple <= ceiling; multiple += candidate) {
        composite[multiple] = 1;
      }
    }
  }
}
