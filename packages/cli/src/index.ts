export type { Scenario } from './open-model';
export { runCommandLine } from './run-command-line';
export type { DayCommandLine } from './run-command-line';
