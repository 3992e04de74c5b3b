import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { RE2JS } from 're2js';
import {
  GREP_FILE_TIME_LIMIT_MS,
  GREP_MAX_BATCH_CHARS,
  GREP_SEARCH_TIME_LIMIT_MS,
} from '../limits';
import { checkWorkingDirectory } from '../boundary/check-working-directory';
import { readSearchableText } from './read-searchable-text';
import { runWithTimeLimit } from './run-with-time-limit';
import { searchText } from './search-text';

/** One matching line and the file it is in. */
export interface FileMatch {
  /** The file, relative to the working directory. */
  file: string;
  /** The line's number in the file, counting from 1. */
  lineNumber: number;
  /** The whole line, without its line break. */
  line: string;
}

/** What searching the files found, and what it passed over. */
export interface FilesSearch {
  /** Matching lines in file order, at most `maxMatches` of them. */
  matches: FileMatch[];
  /** How many files were skipped for being over MAX_GREP_FILE_BYTES. */
  tooLarge: number;
  /** How many files could not be opened or read. */
  unreadable: number;
  /** Files skipped because searching one of them took longer than the per-file limit. */
  slowFiles: string[];
  /** Set when the whole search ran out of time: how many files had been searched by then. */
  cutAfterFiles?: number;
}

/** Which files to search, for what. */
export interface SearchFilesOptions {
  /** The working directory the files are relative to. */
  cwd: string;
  /** Files listed by walkWorkspace, in the order to search them. */
  files: string[];
  /** The expression (compileGrepPattern). */
  regex: RE2JS;
  /** Whether one search over a whole file can rule it out (compileGrepPattern). */
  wholeTextDecides: boolean;
  /** A quick test that rules a file out before the expression runs (compileGrepPattern). */
  mayMatch: (text: string) => boolean;
  /** Stop once this many matching lines are found. */
  maxMatches: number;
  /** Stops the search between files when aborted. */
  signal: AbortSignal;
  /** How long one file may take; GREP_FILE_TIME_LIMIT_MS unless a test sets less. */
  fileTimeLimitMs?: number;
  /** How long the whole search may take; GREP_SEARCH_TIME_LIMIT_MS unless a test sets less. */
  searchTimeLimitMs?: number;
}

/** Files read between two turns of the event loop, so that a cancel is noticed soon. */
const FILES_BETWEEN_YIELDS = 64;

/** A file's text waiting in a batch. */
interface PendingText {
  file: string;
  text: string;
}

/**
 * Searches file after file. Every bound is per file or per search, never shared in a way that
 * lets one file fail the rest: a file that takes longer than the per-file limit is skipped and
 * named, a file that cannot be read is counted, and when the whole search runs out of time it
 * stops with what it found. The expression runs in time-limited calls, one per batch of files
 * rather than one per file, so the watchdog each call starts costs next to nothing on thousands
 * of small files; when a batch runs out of time, the file it was in gets a call of its own.
 */
export async function searchFiles(options: SearchFilesOptions): Promise<FilesSearch> {
  const { cwd, files, wholeTextDecides, mayMatch, maxMatches, signal } = options;
  let regex = options.regex;
  const fileLimitMs = options.fileTimeLimitMs ?? GREP_FILE_TIME_LIMIT_MS;
  const searchLimitMs = options.searchTimeLimitMs ?? GREP_SEARCH_TIME_LIMIT_MS;
  const started = performance.now();
  const remainingMs = () => searchLimitMs - (performance.now() - started);
  const result: FilesSearch = { matches: [], tooLarge: 0, unreadable: 0, slowFiles: [] };
  // The root the boundary checked; if it has vanished or been replaced since, nothing is read.
  const root = checkWorkingDirectory({ cwd });
  if (!root.ok) return { ...result, unreadable: files.length };
  const { realRoot } = root;
  let batch: PendingText[] = [];
  let batchChars = 0;
  /** Files passed over or searched to the end. */
  let searched = 0;

  /**
   * Searches the waiting texts. Returns how many of them were searched to the end or skipped as
   * slow, and whether the whole search ran out of time first.
   */
  function searchBatch(): { done: number; outOfTime: boolean } {
    // One assignment records a finished file and its matches together: a time limit can strike
    // between any two statements, never inside one, so the record is never half updated.
    let progress = { done: 0, matches: result.matches.length };
    while (progress.done < batch.length && result.matches.length < maxMatches) {
      const limitMs = Math.min(fileLimitMs, remainingMs());
      if (limitMs <= 0) return { done: progress.done, outOfTime: true };
      const outcome = runWithTimeLimit({
        timeLimitMs: limitMs,
        task: () => {
          for (let index = progress.done; index < batch.length; index += 1) {
            if (result.matches.length >= maxMatches) return;
            searchOne(batch[index]!);
            progress = { done: index + 1, matches: result.matches.length };
          }
        },
      });
      if (outcome.ok) break;
      // Whatever the interrupted file had found so far is dropped with it, and the expression is
      // compiled afresh: an interrupted engine may have left its caches half written.
      result.matches.length = progress.matches;
      regex = RE2JS.compile(regex.pattern(), regex.flags());
      if (progress.done >= batch.length) break;
      if (remainingMs() <= 0) return { done: progress.done, outOfTime: true };
      const alone = runWithTimeLimit({
        timeLimitMs: Math.min(fileLimitMs, remainingMs()),
        task: () => searchOne(batch[progress.done]!),
      });
      if (!alone.ok) {
        result.matches.length = progress.matches;
        regex = RE2JS.compile(regex.pattern(), regex.flags());
        if (remainingMs() <= 0) return { done: progress.done, outOfTime: true };
        result.slowFiles.push(batch[progress.done]!.file);
      }
      progress = { done: progress.done + 1, matches: result.matches.length };
    }
    return { done: progress.done, outOfTime: false };
  }

  function searchOne({ file, text }: PendingText): void {
    const found = searchText({
      text,
      regex,
      wholeTextDecides,
      mayMatch,
      maxLines: maxMatches - result.matches.length,
    });
    for (const { lineNumber, line } of found) result.matches.push({ file, lineNumber, line });
  }

  /** Searches the batch and empties it; false when the whole search ran out of time. */
  function flush(): boolean {
    const { done, outOfTime } = searchBatch();
    searched += done;
    batch = [];
    batchChars = 0;
    return !outOfTime;
  }

  for (const [index, file] of files.entries()) {
    if (result.matches.length >= maxMatches) break;
    // Reading is synchronous (see readSearchableText), so the loop lets timers and signals in now
    // and then; otherwise a cancel could not arrive until the whole search had ended.
    if (index % FILES_BETWEEN_YIELDS === FILES_BETWEEN_YIELDS - 1) await yieldToEventLoop();
    signal.throwIfAborted();
    if (remainingMs() <= 0) return { ...result, cutAfterFiles: searched };
    const content = readSearchableText({ realRoot, file });
    if (content.kind === 'too-large') result.tooLarge += 1;
    if (content.kind === 'unreadable') result.unreadable += 1;
    if (content.kind !== 'text') {
      searched += 1;
      continue;
    }
    batch.push({ file, text: content.text });
    batchChars += content.text.length;
    if (batchChars < GREP_MAX_BATCH_CHARS) continue;
    if (!flush()) return { ...result, cutAfterFiles: searched };
  }
  if (batch.length > 0 && !flush()) return { ...result, cutAfterFiles: searched };
  return result;
}
