/** What `pnpm classroom` can build for a day. */
export const BUNDLE_KINDS = {
  /** The repository each graded student gets (the assignment's template repository). */
  template: 'the student template repository',
  /** The folder to put at CLASSROOM/autograders/ASSIGNMENT/ in the classroom50 repository. */
  classroom50: 'the Classroom 50 autograder (autograder.py with the kit beside it)',
  /** The folder to zip and upload as a Gradescope autograder. */
  gradescope: 'the Gradescope autograder (setup.sh and run_autograder with the kit beside them)',
} as const;

export type BundleKind = keyof typeof BUNDLE_KINDS;
