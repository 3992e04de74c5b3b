/** The one line glob and grep add when a walk or a read had to pass entries over. */
export function unreadableNote(count: number): string {
  return `[${count === 1 ? '1 entry' : `${count} entries`} could not be read and ${count === 1 ? 'was' : 'were'} skipped (no permission, vanished, or a name that is not UTF-8)]`;
}
