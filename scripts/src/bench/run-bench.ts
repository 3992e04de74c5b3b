import { rmSync } from 'node:fs';
import { mkdir, mkdtemp, statfs } from 'node:fs/promises';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { benchAccumulator } from './bench-accumulator';
import type { BenchContext } from './bench-context';
import { benchEdit } from './bench-edit';
import { benchGlob } from './bench-glob';
import { benchGrading } from './bench-grading';
import { benchGradingUnderLoad } from './bench-grading-under-load';
import { benchGrepEarlyStop } from './bench-grep-early-stop';
import { benchGrepFullScan } from './bench-grep-full-scan';
import { benchGrepRare } from './bench-grep-rare';
import { benchReadFile } from './bench-read-file';
import { benchRunCommand } from './bench-run-command';
import type { BenchRow } from './bench-row';
import type { BenchSize } from './bench-sizes';
import { benchTruncate } from './bench-truncate';
import { benchWorstCase } from './bench-worst-case';
import { describeBaselines } from './describe-baselines';
import { formatSize } from './format-figure';
import { describeMachine, readMachineInfo } from './machine-info';
import { BENCH_USAGE, parseBenchArguments } from './parse-bench-arguments';
import { prepareBenchData } from './prepare-bench-data';
import { renderBenchTable } from './render-bench-table';
import { writeBenchResults } from './write-bench-results';

const METHOD =
  'median of the timed runs after one untimed warm-up run (page cache warm); tools are called in-process, baselines run as child processes whose output is piped and discarded';

/** `pnpm bench [options]`: generates the data, measures, prints the table; returns the exit code. */
export async function runBench({
  repoRoot,
  args,
  print,
}: {
  repoRoot: string;
  args: string[];
  print: (line: string) => void;
}): Promise<number> {
  const parsed = parseBenchArguments(args);
  if (!parsed.ok) {
    print(`pnpm bench: ${parsed.error}`);
    print(BENCH_USAGE);
    return 2;
  }
  const options = parsed.value;
  if (options.help) {
    print(BENCH_USAGE);
    return 0;
  }
  const startedAt = new Date();
  const machine = await readMachineInfo();
  const baselines = await describeBaselines();
  print(`pnpm bench --size ${options.size.name}: ${options.parts.join(', ')}`);
  print(`machine: ${describeMachine(machine)}`);
  print(`baselines: ${baselines}`);
  print(
    `method: ${METHOD}; ${options.size.runs} timed runs each, ${options.size.gradingRuns} for grading, each by turns with the start-up it is compared with`,
  );

  const needsData = options.parts.some((part) => ['glob', 'grep', 'read_file'].includes(part));
  const directory =
    options.dataDirectory === undefined
      ? await mkdtemp(path.join(tmpdir(), 'agent-course-bench-'))
      : path.resolve(options.dataDirectory);
  await mkdir(directory, { recursive: true });
  const removeData = !options.keep && options.dataDirectory === undefined;
  const cleanUp = () => {
    if (removeData) rmSync(directory, { recursive: true, force: true });
  };
  // Ctrl-C in the middle of generating must not leave gigabytes behind in /tmp.
  const onInterrupt = () => {
    cleanUp();
    process.exit(130);
  };
  process.once('SIGINT', onInterrupt);

  const rows: BenchRow[] = [];
  const context: BenchContext = {
    size: options.size,
    repoRoot,
    log: (line) => print(`  … ${line}`),
  };
  try {
    if (needsData) {
      const shortfall = await diskShortfall({ directory, size: options.size });
      if (shortfall) {
        print(`pnpm bench: ${shortfall}`);
        return 1;
      }
      print(`data: ${directory}`);
      const prepared = await prepareBenchData({ directory, size: options.size, log: context.log });
      if (!prepared.ok) {
        print(`pnpm bench: ${prepared.error}`);
        return 1;
      }
      context.data = prepared.value;
    }
    const parts = new Set(options.parts);
    if (parts.has('glob')) rows.push(...(await benchGlob(context)));
    if (parts.has('grep')) {
      const fullScan = await benchGrepFullScan(context);
      rows.push(...fullScan.rows, ...(await benchGrepEarlyStop({ ...context, fullScan })));
      rows.push(...(await benchGrepRare(context)));
    }
    if (parts.has('glob') || parts.has('grep')) rows.push(...(await benchWorstCase(context)));
    if (parts.has('read_file')) rows.push(...(await benchReadFile(context)));
    if (parts.has('accumulator')) rows.push(...(await benchAccumulator(context)));
    if (parts.has('truncate')) rows.push(...(await benchTruncate(context)));
    if (parts.has('grading')) rows.push(...(await benchGrading(context)));
    if (parts.has('grading')) rows.push(...(await benchGradingUnderLoad(context)));
    if (parts.has('edit')) rows.push(...(await benchEdit(context)));
    if (parts.has('run_command')) rows.push(...(await benchRunCommand(context)));
  } finally {
    process.off('SIGINT', onInterrupt);
    cleanUp();
    if (!removeData && context.data) print(`data kept in ${directory}`);
  }

  print('');
  for (const line of renderBenchTable(rows)) print(line);
  const loadAtEnd = os.loadavg()[0] ?? 0;
  const resultsPath = await writeBenchResults({
    repoRoot,
    startedAt,
    results: {
      startedAt: startedAt.toISOString(),
      finishedAt: new Date().toISOString(),
      loadAverageAtEnd: loadAtEnd,
      size: options.size,
      machine,
      baselines,
      method: METHOD,
      tree: context.data?.tree,
      rows,
    },
  });
  print(
    `load average (1 minute): ${machine.loadAverage.toFixed(1)} at the start, ${loadAtEnd.toFixed(1)} at the end, on ${machine.cores} cores; above the core count, other work competed with the bench`,
  );
  print(`figures written to ${path.relative(repoRoot, resultsPath)}`);
  return 0;
}

/** Why the data will not fit next to `directory`, or undefined when it will. */
async function diskShortfall({
  directory,
  size,
}: {
  directory: string;
  size: BenchSize;
}): Promise<string | undefined> {
  // Half as much again as the data itself, for file system overhead on a hundred thousand small files.
  const needed =
    1.5 * (size.sourceBytes + size.nodeModulesBytes + size.largeFileBytes) + 50 * 1024 * 1024;
  const { bavail, bsize } = await statfs(directory);
  const available = bavail * bsize;
  if (available >= needed) return undefined;
  return `the data needs about ${formatSize(needed)} free in ${directory}, but only ${formatSize(available)} is; free some space, pick another place with --data DIR, or try --quick`;
}
