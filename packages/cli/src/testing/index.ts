// `@agent-course/cli/testing`: for tests that run a day's command line in a child process.
export { runMain } from './run-main';
export type { MainRun } from './run-main';
