import path from 'node:path';
import type { FileFingerprint } from './file-fingerprint';

/**
 * What the model has read in one conversation: for each file, the fingerprint of the content it
 * saw. read_file records; an edit looks up and refuses a file that was never read or has changed
 * since; a successful edit records the content it wrote, so the next edit of the same file needs
 * no second read. Keys are workspace-relative paths with `/` separators, as the path boundary
 * returns them. Make one ledger per conversation: another conversation has read nothing.
 */
export interface ReadLedger {
  /** Remembers the content seen at `path`, replacing what was seen there before. */
  record: (options: { path: string; fingerprint: FileFingerprint }) => void;
  /** The content last seen at `path`, or undefined when it was never read. */
  lookup: (path: string) => FileFingerprint | undefined;
  /** Forgets `path`, so the next edit there must read it again. */
  forget: (path: string) => void;
}

/** A ReadLedger kept in memory for the life of one conversation. */
export function createReadLedger(): ReadLedger {
  const seen = new Map<string, FileFingerprint>();
  // "src/./a.js" and "src/a.js" name one file; the boundary already gives the short form.
  const key = (filePath: string) => path.posix.normalize(filePath.replaceAll('\\', '/'));
  return {
    record: ({ path: filePath, fingerprint }) => void seen.set(key(filePath), fingerprint),
    lookup: (filePath) => seen.get(key(filePath)),
    forget: (filePath) => void seen.delete(key(filePath)),
  };
}
