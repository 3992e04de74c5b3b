import { jsonParseError } from '@agent-course/core/testing';

/**
 * What one failed call's feedback must contain so that a model can fix its next call. The wording
 * is the lab's own; the tests (and the grader) check only that these facts are in it.
 */
export type FeedbackRule =
  /** The unknown name, and every tool the registry has, so the model can pick one that exists. */
  | { failure: 'unknown tool'; name: string; available: readonly string[] }
  /** That the arguments are not valid JSON, and where they broke. */
  | { failure: 'invalid JSON'; args: string }
  /** The field that is wrong and what it expects (a type, or a limit such as "500"). */
  | { failure: 'schema violation'; field: string; expected: string }
  /** The tool that failed and the error's message. */
  | { failure: 'tool failure'; tool: string; message: string };

// A JSON parser says where it stopped as a position, a line and column, or by quoting the text.
const WHERE_IT_BROKE = /position \d+|column \d+|line \d+/i;

/** The facts `rule` asks for that `content` lacks, each as a short phrase; none when it has them all. */
export function findFeedbackGaps(rule: FeedbackRule, content: string): string[] {
  const lacks = (fact: string, present: boolean) => (present ? [] : [fact]);
  switch (rule.failure) {
    case 'unknown tool':
      return [rule.name, ...rule.available].flatMap((name) =>
        lacks(`the tool name ${name}`, content.includes(name)),
      );
    case 'invalid JSON':
      return [
        ...lacks('the word JSON', content.includes('JSON')),
        ...lacks(
          "where the JSON broke (the parser's message or a position)",
          content.includes(jsonParseError(rule.args)) || WHERE_IT_BROKE.test(content),
        ),
      ];
    case 'schema violation':
      return [
        ...lacks(`the field ${rule.field}`, content.includes(rule.field)),
        ...lacks(`what it expects (${rule.expected})`, content.includes(rule.expected)),
      ];
    case 'tool failure':
      return [
        ...lacks(`the tool ${rule.tool}`, content.includes(rule.tool)),
        ...lacks(`the error's message (${rule.message})`, content.includes(rule.message)),
      ];
  }
}
