/** The instructions that frame the whole conversation. */
export interface SystemMessage {
  /** Discriminates the message kinds. */
  role: 'system';
  /** The instructions, in plain text. */
  content: string;
}
