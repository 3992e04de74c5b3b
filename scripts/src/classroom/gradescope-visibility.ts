/**
 * When Gradescope shows a student the tests of a results.json (gradescope/autograder_samples,
 * docs/specs.md, "Controlling Test Case Visibility"): always, never, after the due date, or once the
 * instructor publishes the grades. `hidden` also hides the total score; tests are always shown to
 * instructors.
 */
export const GRADESCOPE_VISIBILITIES = [
  'visible',
  'hidden',
  'after_due_date',
  'after_published',
] as const;
export type GradescopeVisibility = (typeof GRADESCOPE_VISIBILITIES)[number];

/** Gradescope's own default, kept unless the instructor asks for another. */
export const DEFAULT_GRADESCOPE_VISIBILITY: GradescopeVisibility = 'visible';
