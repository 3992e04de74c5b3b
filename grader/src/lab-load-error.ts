/**
 * Thrown when a lab cannot be imported or lacks an export a check needs. The check child reports
 * it as an error of the lab (crashed), not as a wrong behaviour.
 */
export class LabLoadError extends Error {
  override name = 'LabLoadError';
}
