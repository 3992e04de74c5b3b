import fg from 'fast-glob';
import { SKIPPED_FOLDERS } from '../limits';

/** The skipped folders as a phrase for messages: "node_modules, .git and dist". */
export const SKIPPED_FOLDERS_TEXT = `${SKIPPED_FOLDERS.slice(0, -1).join(', ')} and ${SKIPPED_FOLDERS.at(-1)}`;

/** What to list. */
export interface ListFilesOptions {
  /** The working directory the pattern is relative to. */
  cwd: string;
  /** A glob pattern already checked by checkPatternInside. */
  pattern: string;
  /** When true, a pattern without '/' matches file names at any depth ("*.ts" finds src/a.ts). */
  matchBaseName?: boolean;
}

/**
 * The files a pattern matches: relative '/' paths, sorted by code unit so every machine lists them
 * in one order. Dot files count; node_modules, .git and dist are never entered. Symbolic links are
 * not followed, and a linked file is not listed, so a link cannot carry the walk outside.
 */
export async function listFiles({
  cwd,
  pattern,
  matchBaseName = false,
}: ListFilesOptions): Promise<string[]> {
  const paths = await fg(pattern, {
    cwd,
    dot: true,
    onlyFiles: true,
    followSymbolicLinks: false,
    baseNameMatch: matchBaseName,
    ignore: SKIPPED_FOLDERS.map((folder) => `**/${folder}/**`),
  });
  return paths.sort((left, right) => (left < right ? -1 : left > right ? 1 : 0));
}
