// The protocol every day shares: messages, tool calls, tools, stream and agent events, and the
// checks on them.
export type {
  AgentEvent,
  AgentRunOptions,
  AgentRunResult,
  AnswerStats,
} from './protocol/agent-run';
export { checkToolArguments } from './protocol/check-tool-arguments';
export type { CheckedArguments } from './protocol/check-tool-arguments';
export { findMessageProblems } from './protocol/find-message-problems';
export type { CheckedMessage, FindMessageProblemsOptions } from './protocol/find-message-problems';
export type {
  AssistantMessage,
  Message,
  SystemMessage,
  ToolMessage,
  UserMessage,
} from './protocol/message';
export type { ModelClient, ModelRequest } from './protocol/model-client';
export type { Person, PersonLine } from './protocol/person';
export { parseToolArguments } from './protocol/parse-tool-arguments';
export type { ParsedArguments } from './protocol/parse-tool-arguments';
export type {
  FinishEvent,
  FinishReason,
  NoticeEvent,
  StreamEvent,
  TextDeltaEvent,
  ToolCall,
  ToolCallDelta,
  ToolCallDeltaEvent,
  UsageEvent,
} from './protocol/stream-event';
export { toModelTool } from './protocol/tool-def';
export type {
  ModelTool,
  ToolContext,
  ToolDef,
  ToolResult,
  ToolResultMeta,
} from './protocol/tool-def';

// The client for a real OpenAI-compatible endpoint, the converters between its wire format and
// the protocol, and the seams day 1's stream reader and day 2's message writer plug into.
export { completionToChunks } from './openai/completion-to-chunks';
export { createOpenAIModel } from './openai/create-openai-model';
export type { OpenAIModelOptions } from './openai/create-openai-model';
export type { WireExchange } from './openai/create-wire-tap';
export { readModelConfig } from './openai/read-model-config';
export type { ModelConfig, ModelConfigResult } from './openai/read-model-config';
export { questionWriter } from './openai/message-writer';
export type { MessageWriter } from './openai/message-writer';
export { toChatTools } from './openai/to-chat-tools';
export { createToolCallReader } from './openai/create-tool-call-reader';
export type { ToolCallReader } from './openai/create-tool-call-reader';
export { describeCause } from './openai/describe-cause';
export type { CallFailure, StreamReader } from './openai/stream-reader';

export { findOwnFrame } from './find-own-frame';
export { groupDigits } from './group-digits';
export { mulberry32 } from './mulberry32';
export { CONTROL_CHARACTERS, escapeControlCharacters } from './escape-control-characters';
