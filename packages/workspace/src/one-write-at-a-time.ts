/** The last write queued for each file, by real path; a file's entry goes when its queue empties. */
const queues = new Map<string, Promise<unknown>>();

/**
 * Runs `write` once every write of `filePath` queued before it has ended, so one file is written
 * by one write at a time. An edit checks that the file still holds what the model read and then
 * renames its new content into place; two edits of one file running together could both check
 * before either renamed, both succeed, and the first's change be lost. One at a time, the second
 * checks after the first's rename, sees what the first wrote, and is refused as a stale read.
 * Writes to other files do not wait.
 *
 * Within this process only, by choice. Two agent processes editing one file can still meet in the
 * moment between one's last check and its rename, the same moment any editor saving the file can
 * hit, which no lock of ours can close because editors do not take it. A lock file would narrow
 * that moment for agents alone, at a price: a killed agent's lock must be told from a live one's
 * (the pid and namespace questions removeLeftoverTemporaries answers by waiting a minute), and
 * Node has no flock, whose locks the kernel would drop with the process.
 */
export async function oneWriteAtATime<T>({
  filePath,
  write,
}: {
  /** The file's real path (resolveInsideWorkspace's): the key two writes of one file share. */
  filePath: string;
  write: () => Promise<T>;
}): Promise<T> {
  const before = queues.get(filePath) ?? Promise.resolve();
  // The queue waits for the write to end, whether it succeeds or throws.
  const mine = before.then(write);
  const ended = mine.then(
    () => undefined,
    () => undefined,
  );
  queues.set(filePath, ended);
  try {
    return await mine;
  } finally {
    if (queues.get(filePath) === ended) queues.delete(filePath);
  }
}
