import { calcProjectFiles } from './calc-project-files';
import { logoPng } from './logo-png';
import { noiseFiles } from './noise-files';
import { primesTable } from './primes-table';

/**
 * Every file of the sandbox repository, by path relative to its root ('/' separators), sorted by
 * path. The same bytes on every call and every machine: no dates, no randomness.
 */
export function sandboxFiles(): Map<string, string | Buffer> {
  const files = new Map<string, string | Buffer>([
    ...calcProjectFiles(),
    ['src/tables/primes.js', primesTable()],
    ['assets/logo.png', logoPng()],
    ...noiseFiles(),
  ]);
  return new Map([...files].sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0)));
}
