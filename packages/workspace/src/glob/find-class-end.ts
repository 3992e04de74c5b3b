/**
 * Where a glob character class that opens at `start` ("[a-z]", "[!.]") closes, or -1 when the
 * "[" opens none and is an ordinary character. A "]" right after "[", "[!" or "[^" belongs to the
 * class, and a backslash escapes the character after it.
 */
export function findClassEnd({ pattern, start }: { pattern: string; start: number }): number {
  let index = start + 1;
  if (pattern[index] === '!' || pattern[index] === '^') index += 1;
  if (pattern[index] === ']') index += 1;
  for (; index < pattern.length; index += 1) {
    if (pattern[index] === '\\') index += 1;
    else if (pattern[index] === ']') return index;
  }
  return -1;
}
