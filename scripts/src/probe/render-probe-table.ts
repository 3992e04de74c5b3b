import type { ProbeRun } from './probe-run';

const HEADINGS = [
  'run',
  'index base',
  'calls',
  'ids',
  'names',
  'fragments per call',
  'interleaved',
  'finish reasons',
  'usage chunks',
  '[DONE]',
  'first byte',
];

/** The runs as a plain-text table, one row a run, columns padded to line up. */
export function renderProbeTable(runs: ProbeRun[]): string[] {
  const rows = runs.map((run): string[] =>
    run.error !== undefined && run.calls === 0
      ? [String(run.run), `failed: ${run.error}`]
      : [
          String(run.run),
          run.indexBase === undefined ? '-' : String(run.indexBase),
          String(run.calls),
          run.ids ?? '-',
          run.names ?? '-',
          run.fragmentsPerCall.join(', ') || '-',
          run.calls < 2 ? '-' : run.interleaved ? 'yes' : 'no',
          describeReasons(run),
          String(run.usageChunks),
          run.sawDone ? 'yes' : 'no',
          run.firstByteMs === undefined ? '-' : `${Math.round(run.firstByteMs)} ms`,
        ],
  );
  const widths = HEADINGS.map((heading, column) =>
    Math.max(
      heading.length,
      ...rows.filter((row) => row.length > 2).map((row) => row[column]!.length),
    ),
  );
  const format = (cells: string[]) =>
    cells.length === 2
      ? `${cells[0]!.padEnd(widths[0]!)}  ${cells[1]}`
      : cells
          .map((cell, column) => cell.padEnd(widths[column]!))
          .join('  ')
          .trimEnd();
  return [format(HEADINGS), format(widths.map((width) => '-'.repeat(width))), ...rows.map(format)];
}

/** The reasons in order, "" shown as such, and a flag for stop on a turn with calls. */
function describeReasons(run: ProbeRun): string {
  const reasons = run.finishReasons.map((reason) => (reason === '' ? '""' : reason));
  const text = reasons.length === 0 ? 'none' : reasons.join(' ');
  return run.stopWithCalls ? `${text} (stop with calls)` : text;
}
