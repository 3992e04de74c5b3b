import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import type { ScriptStep } from './script-step';
import type { StreamQuirks } from './stream-quirks';

/** What a scripted model plays and how its stream misbehaves. */
export interface ScriptedModelOptions {
  /** One step per turn; turn N (counted from 1) is the request with N - 1 assistant messages. */
  steps: ScriptStep[];
  /** Seeds where fragments are split; the same seed gives the same chunks. Default 1. */
  seed?: number;
  /** The provider habits to imitate. */
  quirks?: StreamQuirks;
}

/** A deterministic stand-in for a Chat Completions endpoint. */
export interface ScriptedModel {
  /**
   * Answers one request body with the chunks a streaming endpoint would send. Throws when the
   * body is not a chat request or the script has no step for the turn asked for.
   */
  respond(body: unknown): ChatCompletionChunk[];
}
