/**
 * The text as a report quotes it: whole when it fits in `max` characters, otherwise its first
 * `max - 1` and an ellipsis, so a reader can tell a cut from an answer that really ends there.
 */
export function shortenText(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
