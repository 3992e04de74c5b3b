import { displayPath } from '../wording/display-path';
import { GREP_FILE_TIME_LIMIT_MS, GREP_SEARCH_TIME_LIMIT_MS, MAX_GREP_FILE_BYTES } from '../limits';
import { plural } from '../wording/plural';
import type { FilesSearch } from './search-files';
import { unreadableNote } from '../wording/unreadable-note';

const MEGABYTE = 1024 * 1024;

/** What the search passed over, one bracketed note each, so the model knows what it did not see. */
export function searchNotes({
  search,
  unreadable,
  fileCount,
}: {
  search: FilesSearch;
  unreadable: number;
  fileCount: number;
}): string[] {
  const notes: string[] = [];
  if (search.cutAfterFiles !== undefined) {
    notes.push(
      `[the search was cut after ${GREP_SEARCH_TIME_LIMIT_MS / 1000} s, having searched ${search.cutAfterFiles} of ${plural({ count: fileCount, noun: 'file' })}; narrow include to a folder or file type (e.g. "src/**/*.ts") or add distinctive text to the pattern, then search again]`,
    );
  }
  if (search.slowFiles.length > 0) {
    notes.push(
      `[skipped ${plural({ count: search.slowFiles.length, noun: 'file' })} that took over ${GREP_FILE_TIME_LIMIT_MS / 1000} s each: ${search.slowFiles.slice(0, 5).map(displayPath).join(', ')}${search.slowFiles.length > 5 ? ', …' : ''}; add distinctive text to the pattern, or read such a file with read_file]`,
    );
  }
  if (search.tooLarge > 0) {
    notes.push(
      `[skipped ${plural({ count: search.tooLarge, noun: 'file' })} over ${MAX_GREP_FILE_BYTES / MEGABYTE} MB; page through a large file with read_file and an offset]`,
    );
  }
  if (unreadable > 0) notes.push(unreadableNote(unreadable));
  return notes;
}
