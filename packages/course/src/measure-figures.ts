import type { Figure } from './day-manifest';

/**
 * The file beside a solution's day.ts that measures the day's figures on the solution's own code.
 * It stays in `solutions/`: the starter generator leaves it out of the lab, since in the lab it
 * would measure the student's unfinished code.
 */
export const MEASURE_FIGURES_FILE = 'measure-figures.ts';

/** What `pnpm course check` hands a day's `measureFigures`. */
export interface FigureTools {
  /** What the solution's `MOCK=1 pnpm start` printed (colours off); run once, however often asked. */
  offlineRun(): Promise<string>;
}

/**
 * Measures every figure of the day's manifest (built-in scores aside) on the solution; `pnpm course
 * check` compares each with the manifest, so a page's figure is always one the code produces.
 */
export type MeasureFigures = (tools: FigureTools) => Promise<Record<string, Figure>>;
