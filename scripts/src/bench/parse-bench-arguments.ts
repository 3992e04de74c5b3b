import { FULL_SIZE, SMALL_SIZE } from './bench-sizes';
import type { BenchSize } from './bench-sizes';

/** The parts of the bench, in the order they run. */
export const BENCH_PARTS = [
  'glob',
  'grep',
  'read_file',
  'accumulator',
  'truncate',
  'grading',
  'edit',
  'run_command',
] as const;
export type BenchPart = (typeof BENCH_PARTS)[number];

/** What a `pnpm bench` run should do. */
export interface BenchOptions {
  /** How much data to generate and how many runs to time. */
  size: BenchSize;
  /** The parts to run; all of them unless --only names some. */
  parts: BenchPart[];
  /** Where to put the data; undefined means a fresh temporary folder. */
  dataDirectory?: string;
  /** Keep the generated data after the run (always kept when --data names a folder). */
  keep: boolean;
  /** Print the usage and stop. */
  help: boolean;
}

export const BENCH_USAGE = `usage: pnpm bench [--quick | --size full|small] [--only PARTS] [--keep] [--data DIR]

Times the day-3 tools, the day-4 engines and the grader against baselines measured in the same
run, prints a table with targets, and writes the figures to bench-results/<time>.json. For glob,
grep and read_file it first generates a large repository-like tree and a 2 GB file in a temporary
folder; the other parts need no data.
  --size full     the sizes the targets are set for: about 109,000 files and 550 MB, a 2 GB file,
                  and 7 timed runs of each grading command (default)
  --quick         the same as --size small: a tenth of the data and one timed run of each grading
                  command, for trying the bench out
  --only PARTS    comma-separated parts to run: ${BENCH_PARTS.join(', ')}
  --keep          keep the generated data and print where it is
  --data DIR      generate into DIR, or reuse what an earlier run of the same size left there
Baselines: rg and fd (apt-get install ripgrep fd-find); a missing one is reported, not fatal.`;

/** Reads `pnpm bench` arguments; an error says what was wrong and shows the usage. */
export function parseBenchArguments(
  args: string[],
): { ok: true; value: BenchOptions } | { ok: false; error: string } {
  const options: BenchOptions = {
    size: FULL_SIZE,
    parts: [...BENCH_PARTS],
    keep: false,
    help: false,
  };
  for (let position = 0; position < args.length; position += 1) {
    const arg = args[position]!;
    const next = () => args[++position];
    if (arg === '--help' || arg === '-h') options.help = true;
    else if (arg === '--quick') options.size = SMALL_SIZE;
    else if (arg === '--keep') options.keep = true;
    else if (arg === '--size') {
      const name = next();
      if (name !== 'full' && name !== 'small') {
        return { ok: false, error: `--size takes full or small, not ${name ?? 'nothing'}` };
      }
      options.size = name === 'full' ? FULL_SIZE : SMALL_SIZE;
    } else if (arg === '--data') {
      const directory = next();
      if (!directory)
        return { ok: false, error: '--data needs a folder, e.g. --data /tmp/bench-data' };
      options.dataDirectory = directory;
    } else if (arg === '--only') {
      const names = (next() ?? '').split(',').filter(Boolean);
      const unknown = names.filter((name) => !(BENCH_PARTS as readonly string[]).includes(name));
      if (names.length === 0 || unknown.length > 0) {
        return {
          ok: false,
          error: `--only takes parts from ${BENCH_PARTS.join(', ')}${unknown.length > 0 ? `; unknown: ${unknown.join(', ')}` : ''}`,
        };
      }
      options.parts = BENCH_PARTS.filter((part) => names.includes(part));
    } else return { ok: false, error: `unknown argument ${arg}` };
  }
  return { ok: true, value: options };
}
