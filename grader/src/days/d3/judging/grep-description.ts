import { DEFAULT_GREP_LIMIT, MAX_GREP_LIMIT } from '@agent-course/workspace';
import type { CheckOutcome, JudgeContext } from '../../../judging/check';
import { parametersOf, parseInLab, seeToolsInLab, type ToolSeen } from './tool-seen';

// Stretch: grep's description and schema, written from nothing, are good enough for a model to call
// grep right the first time. Stricter than tool-schemas, which only checks the habits are there.

/** A description is resent with every request; past this it costs more than it helps. */
const MAX_DESCRIPTION_CHARS = 1_200;
/** Shorter than this cannot say what grep returns, its syntax and its limit. */
const MIN_DESCRIPTION_CHARS = 80;
const MENTIONS_EXAMPLE = /\b(e\.g\.|for example|example|such as)/i;
/** Models default to PCRE or JavaScript regex; the description must name the dialect grep speaks. */
const NAMES_DIALECT = /\bRE2\b|ripgrep/i;
/** A number standing on its own: 50 inside 500 does not state the default. */
const stated = (text: string, number: number) => new RegExp(`(?<!\\d)${number}(?!\\d)`).test(text);
/** What a match looks like, so the model can feed a hit straight to read_file. */
const NAMES_OUTPUT = /path:line/i;

/**
 * The first thing wrong with what the model sees of grep, as a sentence and a kind of mistake.
 * `accepts` says whether grep's own parameters take some arguments.
 */
export async function findGrepDescriptionProblem({
  tool,
  accepts,
}: {
  tool: ToolSeen;
  accepts: (args: object) => Promise<boolean>;
}): Promise<{ problem: string; mistake: string } | undefined> {
  const description = tool.description ?? '';
  const problem = (text: string, mistake: string) => ({ problem: text, mistake });
  if (description.trim().length < MIN_DESCRIPTION_CHARS)
    return problem(
      `the description is ${description.trim().length} characters, too short to say what grep returns, its syntax and its limit`,
      'too-short',
    );
  if (description.length > MAX_DESCRIPTION_CHARS)
    return problem(
      `the description is ${description.length} characters; keep it within ${MAX_DESCRIPTION_CHARS}, since every request resends it`,
      'too-long',
    );
  if (!NAMES_OUTPUT.test(description))
    return problem('the description does not say a match comes back as path:line:…', 'no-output');
  if (!MENTIONS_EXAMPLE.test(description) || !/["`]/.test(description))
    return problem(
      'the description shows no example call (say e.g. {"pattern": "…"})',
      'no-example',
    );
  if (!NAMES_DIALECT.test(description))
    return problem(
      'the description does not name the regex syntax (RE2, as in ripgrep)',
      'no-dialect',
    );
  if (!stated(description, DEFAULT_GREP_LIMIT))
    return problem(
      `the description does not state the default of ${DEFAULT_GREP_LIMIT} matches`,
      'no-limit',
    );
  if (tool.readOnly !== true)
    return problem('readOnly is not true, but grep only reads', 'loose-schema');

  const schema = parametersOf(tool);
  const properties = Object.fromEntries(
    schema.properties.map((property) => [property.name, property]),
  );
  const names = Object.keys(properties).sort().join(', ');
  if (names !== 'include, limit, pattern')
    return problem(`the parameters are [${names}], not pattern, include and limit`, 'loose-schema');
  const required = schema.required?.join(', ') ?? '';
  if (required !== 'pattern')
    return problem(`the required parameters are [${required}]; only pattern is`, 'loose-schema');
  const undescribed = Object.keys(properties).filter((name) => !properties[name]?.description);
  if (undescribed.length > 0)
    return problem(`${undescribed.join(', ')} has no description`, 'undescribed-parameter');
  if (!properties.include?.description?.includes('*'))
    return problem(
      'include\'s description shows no glob example (say e.g. "src/**/*.ts")',
      'undescribed-parameter',
    );
  const limitText = properties.limit?.description ?? '';
  if (!stated(limitText, DEFAULT_GREP_LIMIT) || !stated(limitText, MAX_GREP_LIMIT))
    return problem(
      `limit's description does not state its default ${DEFAULT_GREP_LIMIT} and its most ${MAX_GREP_LIMIT}`,
      'undescribed-parameter',
    );

  for (const good of [
    { pattern: 'x' },
    { pattern: 'x', include: 'src/**/*.ts', limit: MAX_GREP_LIMIT },
  ]) {
    if (!(await accepts(good)))
      return problem(`it refuses ${JSON.stringify(good)}`, 'loose-schema');
  }
  for (const bad of [
    { pattern: '' },
    { pattern: 'x', unexpected_property: 1 },
    { pattern: 'x', limit: 0 },
    { pattern: 'x', limit: 2.5 },
    { pattern: 'x', limit: MAX_GREP_LIMIT + 1 },
  ]) {
    if (await accepts(bad)) return problem(`it accepts ${JSON.stringify(bad)}`, 'loose-schema');
  }
  return undefined;
}

/** Stretch check: grep's description and schema pass the quality bar above. */
export async function judge({ drive }: JudgeContext): Promise<CheckOutcome> {
  const [grep] = (await seeToolsInLab({ drive, tools: ['grepTool'] })) as [ToolSeen];
  const found = await findGrepDescriptionProblem({
    tool: grep,
    accepts: async (args) => (await parseInLab({ drive, tool: 'grepTool', args })).success,
  });
  const description = grep.description ?? '';
  const transcript = [`grep description (${description.length} chars): ${description}`];
  if (!found) return { passed: true, transcript };
  return {
    passed: false,
    expected: 'grep described so a model calls it right the first time',
    got: found.problem,
    mistake: found.mistake,
    transcript,
  };
}
