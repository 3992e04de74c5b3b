import { createRandom } from '../../../judging/create-random';

/** What the person asks about; each line also gets a number of the seed's, so no two are alike. */
const QUESTIONS = [
  'What is a context window?',
  'Why does the agent resend everything?',
  'What does a system prompt do?',
  'How does streaming help?',
  'What is a token?',
  'Why is the history a list?',
];

/** The words answers are made of. */
const WORDS = [
  'the',
  'model',
  'reads',
  'every',
  'message',
  'again',
  'each',
  'turn',
  'so',
  'history',
  'costs',
  'more',
];

/** A chat of the seed's: the person's lines, and the pieces each answer streams in. */
export interface ChatVariant {
  lines: string[];
  answers: string[][];
}

/** The seed's chat of `turns` lines (3 or 4 when not given), its answers of 3 to 6 pieces each. */
export function chatVariant({
  seed,
  salt,
  turns,
}: {
  seed: number;
  salt: string;
  turns?: number;
}): ChatVariant {
  const random = createRandom({ seed, salt });
  const count = turns ?? random.integer(3, 4);
  const lines = Array.from(
    { length: count },
    () => `${random.pick(QUESTIONS)} (${random.integer(100, 999)})`,
  );
  const answers = lines.map(() =>
    Array.from({ length: random.integer(3, 6) }, () => `${random.pick(WORDS)} `),
  );
  return { lines, answers };
}

/** The history a chat that does everything right has after `turns` turns, its instructions left out. */
export function historyAfter({
  variant,
  turns,
}: {
  variant: ChatVariant;
  turns: number;
}): Array<{ role: string; content: string }> {
  return variant.lines.slice(0, turns).flatMap((line, turn) => [
    { role: 'user', content: line },
    { role: 'assistant', content: (variant.answers[turn] ?? []).join('') },
  ]);
}
