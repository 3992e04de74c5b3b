export { isEntryPoint } from './is-entry-point';
export { main } from './main';
export type { CommandLineIo, DayCommandLine } from './main';
export { runCommandLine } from './run-command-line';
