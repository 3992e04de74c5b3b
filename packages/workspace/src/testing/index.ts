export { findMarkedProcesses, killProcesses } from './find-marked-processes';
export type { MarkedProcess } from './find-marked-processes';
