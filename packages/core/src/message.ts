import type { AssistantMessage } from './assistant-message';
import type { SystemMessage } from './system-message';
import type { ToolMessage } from './tool-message';
import type { UserMessage } from './user-message';

/** Any message of a conversation, told apart by its `role`. */
export type Message = SystemMessage | UserMessage | AssistantMessage | ToolMessage;
