import { CONTROL_CHARACTERS } from '@agent-course/core';

/**
 * `JSON.stringify(value, null, 2)` with every control character of CONTROL_CHARACTERS written as a
 * JSON escape (`\u009b`, `\u202e`, `\udb40\udc41`). JSON.stringify escapes only the C0 controls,
 * and a transcript holds what a model, a command or a file wrote: DEL, the C1 controls (U+009B
 * starts a sequence in many terminals), bidirectional overrides and tag characters would reach
 * the terminal of whoever runs `cat` on it. Outside strings JSON holds none of them, so the text
 * parses to the same value.
 */
export function jsonForTerminal(value: unknown): string {
  return JSON.stringify(value, null, 2).replace(CONTROL_CHARACTERS, (characters) =>
    Array.from(
      { length: characters.length },
      (_unused, index) => `\\u${characters.charCodeAt(index).toString(16).padStart(4, '0')}`,
    ).join(''),
  );
}
