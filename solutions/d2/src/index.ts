export { chat, DEFAULT_MAX_TURNS, INTERRUPTED_NOTE } from './chat';
export { findHistoryProblems } from './find-history-problems';
export { measureContext } from './measure-context';
export { messageWriter } from './message-writer';
export type { ContextSize } from './measure-context';
export { SYSTEM_PROMPT } from './system-prompt';
export { toChatMessages } from './to-chat-messages';
