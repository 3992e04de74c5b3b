import type { Message } from './message';
import type { ScriptedTurn } from './scripted-turn';

/**
 * Decides one scripted turn. It receives the request's conversation, converted back to core
 * messages, so it can react to what it was fed back (an error, a file's content).
 */
export type ScriptStep = (conversation: Message[]) => ScriptedTurn;
