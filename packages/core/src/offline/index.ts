// `@agent-course/core/offline`: models that need no endpoint. The scripted model MOCK=1 plays,
// the loopback server that serves it (or a test's own chunks) to the real SDK, and the
// recordings RECORD writes and REPLAY plays back.
export { createMockModel } from './create-mock-model';
export type { MockModel, MockModelOptions, MockTransport } from './create-mock-model';
export { createRecorder } from './create-recorder';
export type { Recorder } from './create-recorder';
export { createReplayModel } from './create-replay-model';
export type { LoopbackAnswer, RespondToChat } from './answer-chat-request';
export { createInProcessFetch } from './create-in-process-fetch';
export { startLoopbackServer } from './loopback-server';
export type { LoopbackServer, LoopbackServerOptions } from './loopback-server';
export type { RawEvent } from './raw-event';
export type { Scenario, ScriptedLine } from './scenario';
export { CHARS_PER_SCRIPTED_TOKEN, createScriptedModel } from './scripted-model';
export type {
  ScriptStep,
  ScriptedModel,
  ScriptedModelOptions,
  ScriptedToolCall,
  ScriptedTurn,
  StreamQuirks,
} from './scripted-model';
export { RecordedTurn, RecordingHeader, readRecording } from './session-recording';
export type { SessionRecording } from './session-recording';
