import { z } from 'zod';
import { shortenText } from '../../../reporting/shorten-text';

/** What explain-call-failure answers: the lab's message, or that it was never asked for one. */
export const ExplainedSeen = z.union([
  z.strictObject({ endpoint: z.string(), explained: z.string(), isString: z.boolean() }),
  z.strictObject({ notExplained: z.literal(true) }),
]);

/** What is wrong with a message any failed call gets, whatever it says: undefined when nothing. */
export function messageProblem(explained: {
  explained: string;
  isString: boolean;
}): string | undefined {
  if (!explained.isString) return `a ${typeof explained.explained} rather than a string`;
  if (/\n\s+at /.test(explained.explained)) return 'a stack trace';
  if (explained.explained.includes('\n')) return 'a message of more than one line';
  if (explained.explained.trim() === '') return 'an empty message';
  return undefined;
}

/**
 * The first of `settings` the message names. A message that names every setting fits every
 * failure and helps with none: each says the one to check, and leaves the others out.
 */
export function namedWrongly(said: string, settings: readonly string[]): string | undefined {
  const named = settings.find((setting) => new RegExp(`\\b${setting}\\b`).test(said));
  return named === undefined ? undefined : `${named} too, which this failure is not about`;
}

/** The most of a lab's message quoted back in a failed check. */
const MAX_QUOTED_CHARS = 300;

/**
 * A lab's message as a failed check quotes it: its first line only, since the lines under it are
 * usually a stack trace, whose frames name files on the grading machine and change between runs.
 */
export function quoteMessage(said: string): string {
  const [first = '', ...rest] = said.split('\n');
  const more =
    rest.length === 0 ? '' : ` and ${rest.length} more line${rest.length === 1 ? '' : 's'}`;
  return `${JSON.stringify(shortenText(first, MAX_QUOTED_CHARS))}${more}`;
}
