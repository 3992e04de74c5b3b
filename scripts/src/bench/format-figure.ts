import type { BenchUnit } from './bench-row';

const MEGABYTE = 1024 * 1024;

/** A figure with its unit, rounded to what a noisy machine can tell apart. */
export function formatFigure({ value, unit }: { value: number; unit: BenchUnit }): string {
  switch (unit) {
    case 'ms':
      return `${roundForShow(value)} ms`;
    case 'µs':
      return `${roundForShow(value)} µs`;
    case 'MB':
      return `${roundForShow(value)} MB`;
    case '%':
      return `${value < 0.1 ? value.toFixed(3) : roundForShow(value)}%`;
    case 'fragments/s':
      return `${(value / 1_000_000).toFixed(2)} M/s`;
  }
}

/** A ratio as "3.4×". */
export function formatRatio(ratio: number): string {
  return `${ratio < 10 ? ratio.toFixed(2) : Math.round(ratio).toLocaleString('en-US')}×`;
}

/** Bytes as whole megabytes, for notes. */
export function formatMegabytes(bytes: number): string {
  return `${roundForShow(bytes / MEGABYTE)} MB`;
}

/** A file size in the unit that reads best: "4.1 KB", "420 MB", "2 GB". */
export function formatSize(bytes: number): string {
  if (bytes < MEGABYTE) return `${roundForShow(bytes / 1024)} KB`;
  if (bytes < 1024 * MEGABYTE) return formatMegabytes(bytes);
  return `${roundForShow(bytes / (1024 * MEGABYTE))} GB`;
}

/** Three significant digits at most, thousands separated: 0.0123, 4.56, 789, 12,345. */
function roundForShow(value: number): string {
  if (value >= 100) return Math.round(value).toLocaleString('en-US');
  return Number(value.toPrecision(3)).toString();
}
