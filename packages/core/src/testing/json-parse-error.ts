/**
 * For tests: the engine's own words for why `text` is not JSON. They differ between Node
 * versions, so a test that expects a parse error asks the engine instead of copying its wording.
 */
export function jsonParseError(text: string): string {
  try {
    JSON.parse(text);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error(`${text} is valid JSON, so it has no parse error`);
}
