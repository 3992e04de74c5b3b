import type { z } from 'zod';

/** The longest part of an unreadable answer a report quotes. */
const MAX_QUOTED_ISSUES = 3;

/** An answer of the check process that does not fit its step's schema: the check fails, saying so. */
export class UnreadableAnswer extends Error {
  constructor(
    readonly expected: string,
    readonly got: string,
  ) {
    super(got);
    this.name = 'UnreadableAnswer';
  }
}

/**
 * A step's answer, checked against what the step observes: the check process runs student code,
 * so an answer is data of unknown shape until it fits. One that does not throws UnreadableAnswer,
 * which fails the check with the first few places it broke.
 */
export function readAnswer<Schema extends z.ZodType>({
  answer,
  schema,
  what,
}: {
  answer: unknown;
  schema: Schema;
  /** What the step observes, as a report names it: `truncateResult's result`. */
  what: string;
}): z.infer<Schema> {
  const parsed = schema.safeParse(answer);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues
    .slice(0, MAX_QUOTED_ISSUES)
    .map(
      (issue) => `${issue.path.length > 0 ? issue.path.join('.') : 'the value'}: ${issue.message}`,
    );
  return unreadable({ what, issues });
}

function unreadable({ what, issues }: { what: string; issues: string[] }): never {
  throw new UnreadableAnswer(
    `${what} as the lab's code returns it`,
    `data of another shape (${issues.join('; ')})`,
  );
}
