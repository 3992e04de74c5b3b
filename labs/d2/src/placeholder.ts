/** Stands in for the day's first concept; replace it, keeping the exercise markers around the code to write. */
export function placeholder(): string {
  // TODO(1): placeholder: return 'done' (replace with the day's first exercise)
  //   A few sentences on how to do it: they are written under the TODO line in the starter and
  //   shown with the exercise on the lesson page.
  return 'not yet';
}
