import type { z } from 'zod';
import type { ToolDef } from './tool-def';

/** The arguments as the tool's schema accepts them (defaults applied), or why they do not fit. */
export type CheckedArguments =
  { ok: true; value: Record<string, unknown> } | { ok: false; error: string };

/**
 * Checks parsed arguments against the tool's zod parameters. When they do not fit, the message
 * names each field that is wrong and what was expected, and lists the fields the tool accepts,
 * so a model can fix its call in one more try.
 */
export function checkToolArguments({
  tool,
  value,
}: {
  tool: ToolDef;
  value: unknown;
}): CheckedArguments {
  // reportInput keeps the offending value on each issue, to tell a missing field from a wrong one.
  const checked = tool.parameters.safeParse(value, { reportInput: true });
  if (checked.success) return { ok: true, value: checked.data };
  const allowed = Object.keys(tool.parameters.shape).join(', ');
  const problems = checked.error.issues.map(describeIssue);
  return {
    ok: false,
    error:
      `the arguments for ${tool.name} do not match its schema: ${problems.join('; ')}. ` +
      `Its parameters are: ${allowed}. Fix the arguments and call ${tool.name} again.`,
  };
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
    case 'too_big':
      // zod's own wording ("Too big: expected number to be <=500") reads as an error code.
      if (issue.origin !== 'number') return `${field}: ${issue.message}`;
      return `${field} must be ${issue.inclusive ? 'at most' : 'less than'} ${issue.maximum}, not ${String(issue.input)}`;
    case 'too_small':
      if (issue.origin !== 'number') return `${field}: ${issue.message}`;
      return `${field} must be ${issue.inclusive ? 'at least' : 'more than'} ${issue.minimum}, not ${String(issue.input)}`;
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
