/**
 * The 1-based line a position falls on, counting `\n` as read_file does. Positions must come in
 * ascending order: each call counts on from where the last one stopped, so numbering every
 * occurrence in a file reads the file once.
 */
export function createLineNumberAt(text: string): (index: number) => number {
  let countedUpTo = 0;
  let line = 1;
  return (index) => {
    if (index < countedUpTo) {
      countedUpTo = 0;
      line = 1;
    }
    for (
      let found = text.indexOf('\n', countedUpTo);
      found !== -1 && found < index;
      found = text.indexOf('\n', found + 1)
    ) {
      line += 1;
    }
    countedUpTo = index;
    return line;
  };
}
