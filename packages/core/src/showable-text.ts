/**
 * Characters that would act on a terminal rather than show (escape sequences, carriage returns,
 * backspaces, bells) or reorder the text around them (bidirectional overrides). Tabs and newlines
 * stay: reports are laid out with them.
 */
// eslint-disable-next-line no-control-regex
const UNSHOWABLE =
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * The text with each character that would act on the reader's terminal shown as `?`, so what a
 * model, a command, a file or a lab wrote can neither rewrite what the person reads nor hide in
 * it: the agent's terminal cards, and the grader's reports (where the lab prints, in the check
 * process, and again where the grader finishes a result, since nothing the check process sends is
 * trusted).
 */
export function showableText(text: string): string {
  return text.replace(UNSHOWABLE, '?');
}
