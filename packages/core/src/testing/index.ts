// `@agent-course/core/testing`: helpers for tests only; nothing a run of the agent uses.
export { chatChunk } from './chat-chunk';
export { collectWarnings } from './collect-warnings';
export { jsonParseError } from './json-parse-error';
export { runAgentOnLoopback } from './run-agent-on-loopback';
export type { LoopbackRun, RunAgentOnLoopbackOptions } from './run-agent-on-loopback';
export { listStreamFixtures, readStreamFixture } from './stream-fixtures';
export { plainReader } from './plain-reader';
export { plainWriter } from './plain-writer';
