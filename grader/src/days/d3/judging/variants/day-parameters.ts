import type { RequiredContent } from './message-content';

/** A parameter of one of the day's tools: its JSON type, and whether a call must give it. */
interface Parameter {
  type: 'string' | 'integer';
  required: boolean;
}

/**
 * The parameters of the day's three tools, as the chapter specifies them: what the grader needs to
 * tell, from a call's argument text alone, what is wrong with it. Integers are all positive.
 */
export const DAY_PARAMETERS: Record<string, Record<string, Parameter>> = {
  glob: {
    pattern: { type: 'string', required: true },
    limit: { type: 'integer', required: false },
  },
  grep: {
    pattern: { type: 'string', required: true },
    include: { type: 'string', required: false },
    limit: { type: 'integer', required: false },
  },
  read_file: {
    path: { type: 'string', required: true },
    offset: { type: 'integer', required: false },
    limit: { type: 'integer', required: false },
  },
};

const UNKNOWN_WORDS =
  /\b(unknown|unrecogni[sz]ed|unexpected|not allowed|not accepted|not a parameter|extra|additional)\b/;
const TYPE_WORDS = { string: /\b(string|text)\b/i, integer: /\b(number|integer)\b/i };

/**
 * What a failed result for this call must name, worked out from the argument text the way the
 * lab's registry sees it; undefined for arguments the tool accepts. Empty text counts as `{}`, as
 * the lab's parseToolArguments treats it (models send '' for a call without arguments).
 */
export function requiredContentFor(call: {
  name: string;
  args: string;
}): RequiredContent | undefined {
  const parameters = DAY_PARAMETERS[call.name];
  if (!parameters) return undefined;
  let value: unknown = {};
  if (call.args.trim() !== '') {
    try {
      value = JSON.parse(call.args);
    } catch (error) {
      return { kind: 'invalid JSON', parserMessage: (error as Error).message };
    }
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return { kind: 'schema', field: undefined, problem: 'must be an object', words: /\bobject\b/i };
  }
  const fields = value as Record<string, unknown>;
  for (const [field, parameter] of Object.entries(parameters)) {
    if (parameter.required && !(field in fields)) {
      // The rule is the field and what it expects: "required" or "missing" says it, and so
      // does the expected type (zod's own wording, "expected string, received undefined").
      const typeName = parameter.type === 'string' ? 'string' : 'number';
      return {
        kind: 'schema',
        field,
        problem: `is required (or that it must be a ${typeName})`,
        words: new RegExp(`\\b(required|missing)\\b|${TYPE_WORDS[parameter.type].source}`, 'i'),
      };
    }
  }
  for (const [field, given] of Object.entries(fields)) {
    const parameter = parameters[field];
    if (!parameter) {
      // Listing every parameter the tool accepts also tells the model this one is not among them.
      const accepted = Object.keys(parameters).join('[^]*');
      return {
        kind: 'schema',
        field,
        problem: 'is not a parameter of the tool',
        words: new RegExp(`${UNKNOWN_WORDS.source}|${accepted}`, 'i'),
      };
    }
    const fits = parameter.type === 'string' ? typeof given === 'string' : Number.isInteger(given);
    if (!fits) {
      return {
        kind: 'schema',
        field,
        problem: `must be a ${parameter.type === 'string' ? 'string' : 'number'}`,
        words: TYPE_WORDS[parameter.type],
      };
    }
    if (parameter.type === 'integer' && (given as number) < 1) {
      return {
        kind: 'schema',
        field,
        problem: 'must be at least 1',
        words:
          /\b(positive|at least|minimum|greater than|more than|too small|non-negative)\b|>=|≥|>\s*0/i,
      };
    }
    if (parameter.type === 'string' && given === '') {
      return {
        kind: 'schema',
        field,
        problem: 'must not be empty',
        words: /\b(empty|at least|too short|minimum|non-empty)\b/i,
      };
    }
  }
  return undefined;
}
