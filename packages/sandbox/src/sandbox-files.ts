import { calcProjectFiles } from './calc-project-files';
import { logoPng } from './logo-png';
import { noiseFiles } from './noise-files';
import { primesTable } from './primes-table';

/** The files, made once per process: a grade makes a sandbox for many runs. */
let made: Array<[string, string | Buffer]> | undefined;

function makeFiles(): Array<[string, string | Buffer]> {
  const files: Array<[string, string | Buffer]> = [
    ...calcProjectFiles(),
    ['src/tables/primes.js', primesTable()],
    ['assets/logo.png', logoPng()],
    ...noiseFiles(),
  ];
  return files.sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0));
}

/**
 * Every file of the sandbox repository, by path relative to its root ('/' separators), sorted by
 * path. The same bytes on every call and every machine: no dates, no randomness. Each call gets
 * its own map and buffers, so a caller changing them changes no other sandbox.
 */
export function sandboxFiles(): Map<string, string | Buffer> {
  made ??= makeFiles();
  return new Map(
    made.map(([path, content]) => [
      path,
      typeof content === 'string' ? content : Buffer.from(content),
    ]),
  );
}
