/** The limits and fixed values of the scripted model, in one place. */

/** The seed used when a script gives none. */
export const DEFAULT_SCRIPT_SEED = 1;
/** The fewest fragments a tool call is streamed in, its head included. */
export const DEFAULT_MIN_FRAGMENTS = 6;
/** The most fragments a tool call is streamed in, its head included. */
export const DEFAULT_MAX_FRAGMENTS = 12;
/** How many words of text each text chunk carries. */
export const WORDS_PER_TEXT_CHUNK = 3;
/** The `created` stamp of every chunk (2026-01-01T00:00:00Z); fixed so output is reproducible. */
export const SCRIPTED_CREATED = 1767225600;
/** The `model` field of every chunk. */
export const SCRIPTED_MODEL_NAME = 'scripted';
