/** Which of the lab's files failed to import, and why, as the grader reports it. */
export interface ImportFailed {
  /** The file imported, relative to the lab, e.g. `src/index.ts`. */
  file: string;
  /** What its import threw, as the error's message says it. */
  reason: string;
  /** The lab's own line that threw, as `src/file.ts:line`, when a frame names one. */
  at?: string;
}

/**
 * Thrown when a lab cannot be imported (`importFailed` says which file and why) or lacks an
 * export a check needs. The check child reports it as an error of the lab (crashed), not as a
 * wrong behaviour.
 */
export class LabLoadError extends Error {
  override name = 'LabLoadError';

  constructor(
    message: string,
    readonly importFailed?: ImportFailed,
  ) {
    super(message);
  }
}
