/** The units a figure can be in; each has one way of being printed. */
export type BenchUnit = 'ms' | 'µs' | 'MB' | 'fragments/s' | '%';

/** One figure of a bench run, one line of the table. */
export interface BenchRow {
  /** The part of the bench it belongs to: glob, grep, read_file, accumulator, truncate, grading, edit, run_command. */
  section: string;
  /** What was measured, in a few words. */
  measurement: string;
  /** The figure itself. */
  value: number;
  /** The figure's unit. */
  unit: BenchUnit;
  /** What the figure is compared with; absent for a row that is itself a baseline. */
  baseline?: Baseline;
  /** value divided by the baseline's value, when both were measured. */
  ratio?: number;
  /** The goal this figure is held to, and whether it was met; absent when the issue sets none. */
  target?: Target;
  /** A sentence under the table: what differs between the figure and its baseline. */
  note?: string;
}

/** The figure a row is compared with, or why it could not be measured. */
export type Baseline =
  | {
      /** What the baseline is, e.g. "rg" or "4 KB file". */
      label: string;
      /** Its figure, in the row's unit. */
      value: number;
    }
  | {
      /** What the baseline would have been. */
      label: string;
      /** Why it is missing and how to get it, e.g. the install command. */
      missing: string;
    };

/** A goal from the issue and the verdict; SKIP when the baseline it needs is missing. */
export interface Target {
  /** The goal as printed, e.g. "≤ 4×". */
  text: string;
  /** PASS when met, MISS when not, SKIP when it could not be judged. */
  verdict: 'PASS' | 'MISS' | 'SKIP';
}

/** A row comparing `value` with a measured baseline; the ratio is computed here, once. */
export function compareRow(
  row: Omit<BenchRow, 'baseline' | 'ratio' | 'target'> & {
    baseline: { label: string; value: number } | { label: string; missing: string };
    /** The largest ratio that meets the goal; omit when the issue sets no goal for this row. */
    maxRatio?: number;
    /** How the goal is printed when "≤ N×" alone would not say where N comes from. */
    targetText?: string;
  },
): BenchRow {
  const { maxRatio, targetText, ...rest } = row;
  const ratio = 'value' in row.baseline ? row.value / row.baseline.value : undefined;
  const target: Target | undefined =
    maxRatio === undefined
      ? undefined
      : {
          text: targetText ?? `≤ ${Number(maxRatio.toFixed(1))}×`,
          verdict: ratio === undefined ? 'SKIP' : ratio <= maxRatio ? 'PASS' : 'MISS',
        };
  return { ...rest, ...(ratio === undefined ? {} : { ratio }), ...(target ? { target } : {}) };
}
