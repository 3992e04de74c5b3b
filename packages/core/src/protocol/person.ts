/** One line the person sent, and what tells the answer to it that they stopped it. */
export interface PersonLine {
  /** What they typed, without its line break; never empty. */
  text: string;
  /** Aborts when the person interrupts the answer to this line (Ctrl-C); each line has its own. */
  signal: AbortSignal;
}

/**
 * Who a chat talks with: a terminal, lines piped in, or a scripted person. Each line is one turn;
 * interrupting one turn leaves the next line's signal untouched, so the chat goes on.
 */
export interface Person {
  /** Their next line, once they have sent it; undefined when they are done (end of input). */
  nextLine(): Promise<PersonLine | undefined>;
}
