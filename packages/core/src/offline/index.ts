// `@agent-course/core/offline`: models that need no endpoint. The scripted model MOCK=1 plays,
// the loopback server that serves it (or a test's own chunks) to the real SDK, and the
// recordings RECORD writes and REPLAY plays back.
export { createMockModel } from './create-mock-model';
export type { MockModel, MockModelOptions } from './create-mock-model';
export { createRecorder } from './create-recorder';
export type { Recorder } from './create-recorder';
export { createReplayModel } from './create-replay-model';
export { startLoopbackServer } from './loopback-server';
export type {
  LoopbackAnswer,
  LoopbackServer,
  LoopbackServerOptions,
  RawEvent,
} from './loopback-server';
export { createScriptedModel } from './scripted-model';
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
