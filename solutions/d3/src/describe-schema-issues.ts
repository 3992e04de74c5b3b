import type { z } from 'zod';

/**
 * Turns zod's issues into one message a model can fix its call from: each field that is wrong,
 * what was expected, and the fields the tool accepts.
 */
export function describeSchemaIssues({
  name,
  parameters,
  error,
}: {
  name: string;
  parameters: z.ZodObject;
  error: z.ZodError;
}): string {
  const allowed = Object.keys(parameters.shape).join(', ');
  const problems = error.issues.map(describeIssue);
  return (
    `the arguments for ${name} do not match its schema: ${problems.join('; ')}. ` +
    `Its parameters are: ${allowed}. Fix the arguments and call ${name} again.`
  );
}

function describeIssue(issue: z.core.$ZodIssue): string {
  const field = issue.path.length > 0 ? `"${issue.path.join('.')}"` : 'the arguments';
  switch (issue.code) {
    case 'invalid_type':
      // zod reports a missing field as a wrong type whose input is undefined.
      if (issue.input === undefined) return `${field} is required (${issue.expected})`;
      return `${field} must be ${article(issue.expected)}, not ${describeValue(issue.input)}`;
    case 'unrecognized_keys':
      return `unknown ${issue.keys.length === 1 ? 'property' : 'properties'} ${issue.keys
        .map((key) => `"${key}"`)
        .join(', ')}`;
    default:
      return `${field}: ${issue.message}`;
  }
}

function article(expected: string): string {
  return /^[aeiou]/.test(expected) ? `an ${expected}` : `a ${expected}`;
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return `a string (${JSON.stringify(value).slice(0, 40)})`;
  return article(typeof value);
}
