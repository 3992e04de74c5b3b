/** A directory to hide from messages, and the placeholder that replaces it. */
export interface PathReplacement {
  /** The directory as it may appear in a message. */
  path: string;
  /** What the reader sees instead, e.g. `<lab>`. */
  placeholder: string;
}

/**
 * Replaces temporary directory names in a message with placeholders, so the same lab always gets
 * the same report, wherever it was staged.
 */
export function scrubPaths({
  text,
  replacements,
}: {
  text: string;
  replacements: PathReplacement[];
}): string {
  // Longest first, so a directory inside another is replaced before its parent.
  const ordered = [...replacements]
    .filter((replacement) => replacement.path.length > 1)
    .sort((left, right) => right.path.length - left.path.length);
  let scrubbed = text;
  for (const { path, placeholder } of ordered) {
    scrubbed = scrubbed.split(path).join(placeholder);
  }
  return scrubbed;
}
