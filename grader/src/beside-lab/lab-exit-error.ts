/**
 * What `process.exit` throws in the check process, where the lab must not end the process: an
 * error of its own class, so a report can say the line called process.exit rather than threw.
 */
export class LabExitError extends Error {
  constructor(code: number | string | null | undefined) {
    super(`the lab called process.exit(${code ?? ''}); a library function must return, not exit`);
    this.name = 'LabExitError';
  }
}
