/** A solution's region marker: `// #region exercise 3` or `// #endregion exercise 3`. */
const REGION_MARKER = /^\s*\/\/ #(region|endregion) exercise (\d+)\s*$/;
/** A starter's task comment, written where the region began: `// TODO(3): …`. */
const TODO_MARKER = /^(\s*)\/\/ TODO\((\d+)\)/;

/**
 * The exercise whose code holds `line` (counted from 1) of a lab's file, or undefined when no
 * exercise owns it. A solution marks each region from `// #region exercise N` to its
 * `#endregion`. A starter has only the `// TODO(N)` comment where the region began; its code ends
 * where the block around the comment closes (the first later line indented less), since every
 * region fills a function, a class body or the rest of the file. A line between regions belongs to
 * none, so a throw there blames no TODO rather than the wrong one.
 */
export function findExerciseAt({
  source,
  line,
}: {
  source: string;
  line: number;
}): number | undefined {
  const lines = source.split('\n');
  for (const [index, text] of lines.entries()) {
    const region = REGION_MARKER.exec(text);
    if (region?.[1] === 'region') {
      const end = lines.findIndex(
        (later, laterIndex) => laterIndex > index && REGION_MARKER.exec(later)?.[1] === 'endregion',
      );
      if (line > index + 1 && (end === -1 || line <= end)) return Number(region[2]);
      continue;
    }
    const todo = TODO_MARKER.exec(text);
    if (!todo) continue;
    const indent = todo[1]!.length;
    const closing = lines.findIndex(
      (later, laterIndex) => laterIndex > index && later.trim() !== '' && indentOf(later) < indent,
    );
    if (line > index + 1 && (closing === -1 || line <= closing)) return Number(todo[2]);
  }
  return undefined;
}

function indentOf(text: string): number {
  return text.length - text.trimStart().length;
}
