/** "1 file", "3 files": counts in messages read naturally. */
export function plural({ count, noun }: { count: number; noun: string }): string {
  return `${count} ${count === 1 ? noun : `${noun}s`}`;
}
