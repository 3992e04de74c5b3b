/** Stands in for the day's first concept; replace it, keeping the exercise markers around the code to write. */
export function placeholder(): string {
  // #region exercise 1
  return 'done';
  // #starter
  //> return 'not yet';
  // #endregion exercise 1
}
