/**
 * What a failed result must say, by content rather than wording: students write these sentences
 * themselves, so any sentence carrying the facts a model needs to fix its call passes.
 */
export type RequiredContent =
  | {
      /** A call to a tool the registry does not hold. */
      kind: 'unknown tool';
      /** The name called. */
      name: string;
      /** Every name the registry holds. */
      available: string[];
    }
  | {
      /** Argument text that does not parse. */
      kind: 'invalid JSON';
      /** What JSON.parse says about it, which carries where it broke. */
      parserMessage: string;
    }
  | {
      /** Arguments that parse but break the tool's schema. */
      kind: 'schema';
      /** The field at fault; undefined when the arguments as a whole are not an object. */
      field: string | undefined;
      /** What the problem is, in one phrase. */
      problem: string;
      /** Words of which the answer must hold one: the expected type or the broken constraint. */
      words: RegExp;
    }
  | {
      /** A tool that threw while running. */
      kind: 'tool failed';
      /** The tool's name. */
      name: string;
      /** The message of the error it threw. */
      message: string;
    };

/** "position 12", "line 1 column 13", "at 12", "offset 12", "char 12": where a parse broke. */
const POSITION = /\b(position|column|line|offset|char(acter)?|at)\s*\d+/i;

/** What the answer must name, as a phrase for the expected-vs-got message. */
export function describeRequiredContent(content: RequiredContent): string {
  switch (content.kind) {
    case 'unknown tool':
      return `the unknown name ${content.name} and every tool that exists (${content.available.join(', ')})`;
    case 'invalid JSON':
      return "that the arguments are not valid JSON (the word JSON) and where (a position, or the parser's message)";
    case 'schema':
      return content.field === undefined
        ? `that the arguments ${content.problem}`
        : `the field ${content.field} and that it ${content.problem}`;
    case 'tool failed':
      return `the tool ${content.name} and its error's message "${content.message}"`;
  }
}

/** The first required fact the answer leaves out, or undefined when it names them all. */
export function findMissingContent({
  content,
  answer,
}: {
  content: RequiredContent;
  answer: string;
}): string | undefined {
  switch (content.kind) {
    case 'unknown tool': {
      const missing = [content.name, ...content.available].filter((name) => !answer.includes(name));
      return missing.length > 0 ? `it does not name ${missing.join(', ')}` : undefined;
    }
    case 'invalid JSON':
      if (!/json/i.test(answer)) return 'it does not say the arguments are not valid JSON';
      if (!answer.includes(content.parserMessage) && !POSITION.test(answer))
        return 'it does not say where the JSON broke';
      return undefined;
    case 'schema':
      if (content.field !== undefined && !answer.includes(content.field))
        return `it does not name the field ${content.field}`;
      if (!content.words.test(answer)) return `it does not say that it ${content.problem}`;
      return undefined;
    case 'tool failed':
      if (!answer.includes(content.name)) return `it does not name the tool ${content.name}`;
      if (!answer.includes(content.message)) return "it does not give the error's message";
      return undefined;
  }
}
