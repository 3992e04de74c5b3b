import { toModelTool } from '@agent-course/core';
import type { ToolDef } from '@agent-course/core';
import type { CheckContext, CheckOutcome } from '../../../check';
import { loadD3Lab } from '../d3-lab';
import { toolKey } from '../tool-key';

/** The tools a day-3 lab offers, in order. */
const EXPECTED_NAMES = ['glob', 'grep', 'read_file'];
/** Lowercase words joined by underscores: the shape models call most reliably. */
const SNAKE_CASE = /^[a-z]+(_[a-z]+)*$/;
/** A description shows the syntax with an example... */
const MENTIONS_EXAMPLE = /\b(e\.g\.|for example|example|such as)/i;
/** ...and states its limits, which always carry a number (a default, a cap). */
const MENTIONS_LIMIT = /\d/;

/** Check 1: what the model sees of each tool is enough to call it well. */
export async function run({ labDir }: CheckContext): Promise<CheckOutcome> {
  const lab = await loadD3Lab(labDir);
  const tools = [lab.globTool, lab.grepTool, lab.readFileTool];
  const names = tools.map((tool) => tool.name);
  if (names.join() !== EXPECTED_NAMES.join()) {
    return {
      passed: false,
      expected: `globTool, grepTool and readFileTool named ${EXPECTED_NAMES.join(', ')}`,
      got: `names ${names.map((name) => JSON.stringify(name)).join(', ')}`,
    };
  }
  const transcript: string[] = [];
  for (const tool of tools) {
    const problem = findSchemaProblem(tool);
    transcript.push(`${tool.name}: ${problem ?? 'ok'}`);
    if (problem) {
      return {
        passed: false,
        expected: `${tool.name} to be fully described to the model`,
        got: problem,
        mistake: `${toolKey(tool.name)}-schema`,
        transcript,
      };
    }
  }
  return { passed: true, transcript };
}

/** The first thing wrong with how a tool presents itself, or undefined. */
function findSchemaProblem(tool: ToolDef): string | undefined {
  if (!SNAKE_CASE.test(tool.name)) return `the name "${tool.name}" is not lowercase verb_noun`;
  if (!MENTIONS_EXAMPLE.test(tool.description))
    return 'its description gives no example (say "e.g. **/*.js")';
  if (!MENTIONS_LIMIT.test(tool.description))
    return 'its description states no limit (say "at most 200 paths")';
  if (tool.readOnly !== true)
    return `readOnly is ${String(tool.readOnly)}, but the tool only reads`;

  const schema = toModelTool(tool).parameters;
  const properties = (schema.properties ?? {}) as Record<
    string,
    { description?: string; type?: unknown }
  >;
  const undescribed = Object.keys(properties).filter(
    (name) => !properties[name]?.description?.trim(),
  );
  if (undescribed.length > 0) return `parameter ${undescribed.join(', ')} has no description`;

  const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
  if (required.length === 0) return 'its schema lists no required parameter';
  if (schema.additionalProperties !== false)
    return 'its schema accepts unknown properties (use z.strictObject)';

  const minimal = Object.fromEntries(
    required.map((name) => [name, sampleValue(properties[name]?.type)]),
  );
  if (!tool.parameters.safeParse(minimal).success) {
    return `it rejects the minimal arguments ${JSON.stringify(minimal)}`;
  }
  if (tool.parameters.safeParse({ ...minimal, unexpected_property: 1 }).success) {
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
