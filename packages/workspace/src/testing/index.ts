export { findMarkedProcesses, killProcesses } from './find-marked-processes';
export type { MarkedProcess } from './find-marked-processes';
export { CANARY, createTestWorkspace } from './create-test-workspace';
export type { TestWorkspace } from './create-test-workspace';
export { runToolUnprivileged } from './run-tool-unprivileged';
export type { UnprivilegedRun } from './run-tool-unprivileged';
export { callEngine, toOutcome } from './call-engine';
export type { EngineName, EngineOutcome } from './call-engine';
