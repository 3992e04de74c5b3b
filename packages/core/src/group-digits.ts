/**
 * A whole number with its thousands grouped, 12,345 rather than 12345, as the course's pages write
 * figures. Grouped by hand rather than with toLocaleString, whose first call in a process loads the
 * locale data: tens of milliseconds of a short run, or of a check.
 */
export function groupDigits(value: number): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
