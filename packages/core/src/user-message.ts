/** What the person asked. */
export interface UserMessage {
  /** Discriminates the message kinds. */
  role: 'user';
  /** The question or request, in plain text. */
  content: string;
}
