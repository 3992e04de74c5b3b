export type { Scenario } from './open-model';
export { findOwnFrame } from './find-own-frame';
export { groupDigits } from './group-digits';
export { isEntryPoint } from './is-entry-point';
export { main } from './main';
export type { CommandLineIo, DayCommandLine } from './main';
export { runCommandLine } from './run-command-line';
