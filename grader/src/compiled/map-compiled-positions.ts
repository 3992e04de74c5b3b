import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * What a compiled program printed (a stack trace on its stderr) with each place in it
 * (`<file>:line:column`, or the `<file>:line` above the quoted code, as a path or a file URL)
 * turned into the place in the source file it was compiled from, as `--enable-source-maps` would
 * have printed it. Mapped afterwards, and only when a run failed: with that option, Node reads the
 * source map of every module it loads, the kit's too, which costs every run a twentieth of a second.
 * A place the map does not cover, or a program without a readable map, is left as it is.
 */
export function mapCompiledPositions({ text, file }: { text: string; file: string }): string {
  const map = readSourceMap(file);
  if (!map) return text;
  const place = new RegExp(
    `(?:${escape(pathToFileURL(file).href)}|${escape(file)}):(\\d+)(?::(\\d+))?`,
    'g',
  );
  return text.replace(place, (whole, line: string, column: string | undefined) => {
    const generatedLine = Number(line) - 1;
    // Without a column (the line Node quotes code from), the last place mapped on that line.
    const entry = map.findEntry(
      generatedLine,
      column ? Number(column) - 1 : Number.MAX_SAFE_INTEGER,
    );
    if (!entry || !('originalSource' in entry) || entry.generatedLine !== generatedLine) {
      return whole;
    }
    const source = entry.originalSource.startsWith('file:')
      ? fileURLToPath(entry.originalSource)
      : resolve(dirname(file), entry.originalSource);
    const originalLine = entry.originalLine + 1;
    return column
      ? `${source}:${originalLine}:${entry.originalColumn + 1}`
      : `${source}:${originalLine}`;
  });
}

/** The program's linked source map (`<file>.map`), if it has a readable one. */
function readSourceMap(file: string): SourceMap | undefined {
  try {
    return new SourceMap(JSON.parse(readFileSync(`${file}.map`, 'utf8')));
  } catch {
    return undefined;
  }
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
