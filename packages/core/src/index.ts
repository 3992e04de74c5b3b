export type { AssistantMessage } from './assistant-message';
export type { FinishReason } from './finish-reason';
export type { Message } from './message';
export type { ModelClient, ModelRequest } from './model-client';
export type { ModelTool } from './model-tool';
export type {
  FinishEvent,
  NoticeEvent,
  StreamEvent,
  TextDeltaEvent,
  ToolCallDeltaEvent,
} from './stream-event';
export type { SystemMessage } from './system-message';
export type { ToolCall } from './tool-call';
export type { ToolCallDelta } from './tool-call-delta';
export type { ToolContext } from './tool-context';
export type { ToolDef } from './tool-def';
export type { ToolMessage } from './tool-message';
export type { ToolResult, ToolResultMeta } from './tool-result';
export type { UserMessage } from './user-message';
export { toModelTool } from './to-model-tool';
export type { ModelConfig } from './model-config';
export type { ModelConfigResult } from './read-model-config';
export { readModelConfig } from './read-model-config';
export type { OpenAIModelOptions } from './create-openai-model';
export { createOpenAIModel } from './create-openai-model';
export { toChatMessages } from './to-chat-messages';
export { toChatTools } from './to-chat-tools';
export { toStreamEvents } from './to-stream-events';
export type { ScriptedToolCall, ScriptedTurn } from './scripted-turn';
export type { ScriptStep } from './script-step';
export type { StreamQuirks } from './stream-quirks';
export type { ScriptedModel, ScriptedModelOptions } from './scripted-model';
export { createScriptedModel } from './create-scripted-model';
export type {
  LoopbackAnswer,
  LoopbackServer,
  LoopbackServerOptions,
  RawEvent,
} from './loopback-server';
export { startLoopbackServer } from './start-loopback-server';
export type { MockModel, MockModelOptions } from './create-mock-model';
export { createMockModel } from './create-mock-model';
export { mulberry32 } from './mulberry32';
export type { WireExchange } from './wire-exchange';
export { RecordedTurn, RecordingHeader } from './session-recording';
export type { SessionRecording } from './session-recording';
export { readRecording } from './read-recording';
export type { Recorder } from './create-recorder';
export { createRecorder } from './create-recorder';
export { createReplayModel } from './create-replay-model';
export { completionToChunks } from './completion-to-chunks';
