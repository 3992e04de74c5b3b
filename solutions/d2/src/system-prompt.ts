/**
 * What frames the whole chat: sent first in every request, once. The model reads it before each
 * of the person's lines, so it is short, and it says what this agent can and cannot do today.
 */
export const SYSTEM_PROMPT =
  'You are a coding assistant in a terminal chat. You have no tools yet: you cannot read files ' +
  'or run commands, so answer from what the person tells you and say when you would need to ' +
  'look. Keep answers short; the person can ask for more.';
