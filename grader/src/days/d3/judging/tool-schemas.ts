import type { CheckOutcome, JudgeContext } from '../../../judging/check';
import { parametersOf, parseInLab, seeToolsInLab, type LabTool, type ToolSeen } from './tool-seen';
import { toolKey } from './tool-key';

/** The tools a day-3 lab offers, by export, in order. */
const TOOLS: LabTool[] = ['globTool', 'grepTool', 'readFileTool'];
/** Their names, in the same order. */
const EXPECTED_NAMES = ['glob', 'grep', 'read_file'];
/** Lowercase words joined by underscores: the shape models call most reliably. */
const SNAKE_CASE = /^[a-z]+(_[a-z]+)*$/;
/** A description shows the syntax with an example... */
const MENTIONS_EXAMPLE = /\b(e\.g\.|for example|example|such as)/i;
/** ...and states its limits, which always carry a number (a default, a cap). */
const MENTIONS_LIMIT = /\d/;

/** Check 1: what the model sees of each tool is enough to call it well. */
export async function judge({ drive }: JudgeContext): Promise<CheckOutcome> {
  const tools = await seeToolsInLab({ drive, tools: TOOLS });
  const names = tools.map((tool) => tool.name);
  if (names.join() !== EXPECTED_NAMES.join()) {
    return {
      passed: false,
      expected: `globTool, grepTool and readFileTool named ${EXPECTED_NAMES.join(', ')}`,
      got: `names ${names.map((name) => JSON.stringify(name)).join(', ')}`,
    };
  }
  const transcript: string[] = [];
  for (const [position, tool] of tools.entries()) {
    const accepts = async (args: unknown) =>
      (await parseInLab({ drive, tool: TOOLS[position]!, args })).success;
    const problem = await findSchemaProblem({ tool, accepts });
    const name = String(tool.name);
    transcript.push(`${name}: ${problem ?? 'ok'}`);
    if (problem) {
      return {
        passed: false,
        expected: `${name} to be fully described to the model`,
        got: problem,
        mistake: `${toolKey(name)}-schema`,
        transcript,
      };
    }
  }
  return { passed: true, transcript };
}

/**
 * The first thing wrong with how a tool presents itself, or undefined. `accepts` says whether the
 * tool's own parameters take some arguments.
 */
async function findSchemaProblem({
  tool,
  accepts,
}: {
  tool: ToolSeen;
  accepts: (args: unknown) => Promise<boolean>;
}): Promise<string | undefined> {
  // As a regular expression tests it, a missing name or description reads "undefined".
  const name = String(tool.name);
  const description = String(tool.description);
  if (!SNAKE_CASE.test(name)) return `the name "${name}" is not lowercase verb_noun`;
  if (!MENTIONS_EXAMPLE.test(description))
    return 'its description gives no example (say "e.g. **/*.js")';
  if (!MENTIONS_LIMIT.test(description))
    return 'its description states no limit (say "at most 200 paths")';
  if (tool.readOnly !== true)
    return `readOnly is ${String(tool.readOnly)}, but the tool only reads`;

  const schema = parametersOf(tool);
  const undescribed = schema.properties
    .filter((property) => !property.description?.trim())
    .map((property) => property.name);
  if (undescribed.length > 0) return `parameter ${undescribed.join(', ')} has no description`;

  const required = schema.required ?? [];
  if (required.length === 0) return 'its schema lists no required parameter';
  if (!schema.closed) return 'its schema accepts unknown properties (use z.strictObject)';

  const typeOf = (parameter: string) =>
    schema.properties.find((property) => property.name === parameter)?.type;
  const minimal = Object.fromEntries(
    required.map((parameter) => [parameter, sampleValue(typeOf(parameter))]),
  );
  if (!(await accepts(minimal))) {
    return `it rejects the minimal arguments ${JSON.stringify(minimal)}`;
  }
  if (await accepts({ ...minimal, unexpected_property: 1 })) {
    return 'its parameters accept an unknown property (use z.strictObject)';
  }
  return undefined;
}

/** A valid value of a JSON Schema type, for building minimal arguments. */
function sampleValue(type: unknown): unknown {
  if (type === 'integer' || type === 'number') return 1;
  if (type === 'boolean') return true;
  return 'src';
}
