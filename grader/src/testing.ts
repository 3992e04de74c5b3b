/**
 * What other packages' tests take from the grader's: the labs that attack the grader, and how a
 * fixture lab is made from a copy, so the autograder bundles are tried against the same attacks.
 * Never compiled into the grader (see SKIPPED_EXPORTS in compiled/compile-grader.mjs).
 */
export { FAULT_LABS } from './__fixtures__/fault-labs';
export { FORGING_LABS } from './__fixtures__/forging-labs';
export { applyFixtureLab } from './fixture-lab';
