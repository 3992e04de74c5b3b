// The glossary in the root README ("English in the code"): rows of a term as the code writes it,
// the words the Chinese pages use, and where a student meets it. The README test holds each
// term and each place to the code, so the table cannot name something the kit does not have.

/** One row of the glossary. */
export interface GlossaryRow {
  /** The terms as the code writes them, e.g. `['truncate', '`truncationNote`']`. */
  terms: string[];
  /** The Chinese words for them, as written on the Chinese pages. */
  chinese: string;
  /** Each code span of the "where you meet it" cell, without backticks, e.g. `src/tool-registry.ts`. */
  places: string[];
}

/**
 * The rows of the first table after the heading `heading`; an empty list when there is none.
 * A term's explanation in parentheses is left out of `terms`.
 */
export function readGlossaryTable({
  text,
  heading,
}: {
  text: string;
  heading: string;
}): GlossaryRow[] {
  const lines = text.split('\n');
  const start = lines.findIndex((line) => line.trim() === heading);
  if (start < 0) return [];
  const rows: GlossaryRow[] = [];
  let inTable = false;
  for (const line of lines.slice(start + 1)) {
    if (line.startsWith('#')) break;
    if (!line.startsWith('|')) {
      if (inTable) break;
      continue;
    }
    inTable = true;
    const cells = line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim());
    if (cells.every((cell) => /^-+$/.test(cell))) continue;
    const [term = '', chinese = '', place = ''] = cells;
    rows.push({
      terms: term
        .replace(/\s*\([^)]*\)/g, '')
        .split(';')
        .map((part) => part.trim())
        .filter(Boolean),
      chinese,
      places: [...place.matchAll(/`([^`]+)`/g)].map((match) => match[1]!),
    });
  }
  // The first row read is the heading row.
  return rows.slice(1);
}
