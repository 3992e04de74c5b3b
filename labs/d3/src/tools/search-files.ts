import { closeSync, fstatSync, openSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import {
  GREP_FIRST_BATCH_CHARS,
  GREP_MAX_BATCH_CHARS,
  GREP_TIME_LIMIT_MS,
  MAX_GREP_FILE_BYTES,
} from '../limits';
import { isBinary } from './is-binary';
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

/** What searching the files found, or the file where the expression ran out of time. */
export type FilesSearch =
  | {
      ok: true;
      /** Matching lines in file order, at most `maxMatches` of them. */
      matches: FileMatch[];
      /** How many files were skipped for being over MAX_GREP_FILE_BYTES. */
      tooLarge: number;
    }
  | {
      ok: false;
      /** The file being searched when the time limit ran out. */
      slowFile: string;
    };

/** Which files to search, for what. */
export interface SearchFilesOptions {
  /** The working directory the files are relative to. */
  cwd: string;
  /** Files already listed inside the working directory, in the order to search them. */
  files: string[];
  /** The expression, compiled with the 'g' and 'm' flags. */
  regex: RegExp;
  /** Stop once this many matching lines are found. */
  maxMatches: number;
  /** Stops the search between files when aborted. */
  signal: AbortSignal;
  /** The expression's total running time allowed; GREP_TIME_LIMIT_MS unless a test sets less. */
  timeLimitMs?: number;
}

/** Files read between two turns of the event loop, so that a cancel is noticed soon. */
const FILES_BETWEEN_YIELDS = 64;

/** A file's text waiting in a batch. */
interface PendingText {
  file: string;
  text: string;
}

/**
 * Searches file after file, skipping binary and oversized ones. Files are read outside the limit;
 * the expression runs in time-limited calls, one per batch of files rather than one per file, so the
 * watchdog each call starts costs next to nothing on a search of thousands of small files (see
 * GREP_FIRST_BATCH_CHARS). Only time spent in the expression counts against the limit, never time
 * spent reading.
 */
export async function searchFiles(options: SearchFilesOptions): Promise<FilesSearch> {
  const { cwd, files, regex, maxMatches, signal } = options;
  let remainingMs = options.timeLimitMs ?? GREP_TIME_LIMIT_MS;
  const matches: FileMatch[] = [];
  let tooLarge = 0;
  let batch: PendingText[] = [];
  let batchChars = 0;
  let batchLimit = GREP_FIRST_BATCH_CHARS;

  /** Searches the waiting texts; returns the file it was in if time ran out. */
  function searchBatch(): string | undefined {
    let current = '';
    const started = performance.now();
    const outcome = runWithTimeLimit({
      timeLimitMs: remainingMs,
      task: () => {
        for (const { file, text } of batch) {
          if (matches.length >= maxMatches) break;
          current = file;
          const found = searchText({ text, regex, maxLines: maxMatches - matches.length });
          for (const { lineNumber, line } of found) matches.push({ file, lineNumber, line });
        }
      },
    });
    remainingMs -= performance.now() - started;
    batch = [];
    batchChars = 0;
    batchLimit = Math.min(batchLimit * 2, GREP_MAX_BATCH_CHARS);
    return outcome.ok ? undefined : current;
  }

  for (const [index, file] of files.entries()) {
    if (matches.length >= maxMatches) break;
    // Reading is synchronous (see readSearchableText), so the loop lets timers and signals in now
    // and then; otherwise a cancel could not arrive until the whole search had ended.
    if (index % FILES_BETWEEN_YIELDS === FILES_BETWEEN_YIELDS - 1) await yieldToEventLoop();
    signal.throwIfAborted();
    const content = readSearchableText(path.join(cwd, file));
    if (content.kind === 'too-large') tooLarge += 1;
    if (content.kind !== 'text') continue;
    batch.push({ file, text: content.text });
    batchChars += content.text.length;
    if (batchChars < batchLimit) continue;
    const slowFile = searchBatch();
    if (slowFile !== undefined) return { ok: false, slowFile };
  }
  const slowFile = batch.length > 0 ? searchBatch() : undefined;
  if (slowFile !== undefined) return { ok: false, slowFile };
  return { ok: true, matches, tooLarge };
}

/** A file's text, or why it is skipped. */
type SearchableText = { kind: 'text'; text: string } | { kind: 'binary' } | { kind: 'too-large' };

/**
 * The file's text, or why it is not searched. The size is checked before reading, and the
 * binary check runs on the raw bytes, before any decoding. The calls are synchronous on purpose:
 * most files are small, and each asynchronous call is a round trip through Node's thread pool that
 * costs more than reading a small file, so a search of thousands of files runs several times faster.
 */
function readSearchableText(filePath: string): SearchableText {
  const descriptor = openSync(filePath, 'r');
  try {
    const { size } = fstatSync(descriptor);
    if (size > MAX_GREP_FILE_BYTES) return { kind: 'too-large' };
    const bytes = readFileSync(descriptor);
    if (isBinary(bytes)) return { kind: 'binary' };
    const text = bytes.toString('utf8');
    return { kind: 'text', text: text.startsWith('\uFEFF') ? text.slice(1) : text };
  } finally {
    closeSync(descriptor);
  }
}
