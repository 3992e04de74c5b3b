// The list of packages that carry a day's finished code lives in the kit's shared contracts
// (packages/course/src/finished-packages.ts), since the grader reads it too.
export { FINISHED_PACKAGES, type FinishedPackage } from '@agent-course/course';
