import { toModelTool } from '@agent-course/core';
import type { ToolDef, ToolResult } from '@agent-course/core';
import { describeThrow, type StopKind } from '../../../blame-throw';
import type { CheckContext, CheckOutcome } from '../../../check';
import {
  CANARY,
  CANARY_FILE,
  CANARY_SEARCH,
  createBoundaryWorkspace,
  type Escape,
} from '../boundary-workspace';
import { loadD3Lab } from '../d3-lab';
import { toolKey } from '../tool-key';
import { shortenText } from '../../../shorten-text';

/** grep's parameter that names where to search, in the order they are looked for. */
const GREP_SCOPE_PARAMETERS = ['path', 'include', 'glob'];

/** Check 2: no tool reads, lists or searches outside the working directory. */
export async function run({ labDir, scratchDir }: CheckContext): Promise<CheckOutcome> {
  const lab = await loadD3Lab(labDir);
  const { root, escapes } = await createBoundaryWorkspace(scratchDir);
  const transcript: string[] = [];
  for (const tool of [lab.readFileTool, lab.globTool, lab.grepTool]) {
    for (const escape of escapes) {
      const args = argumentsFor({ tool, escape });
      const outcome = await tryEscape({
        tool,
        args,
        root,
        labDir,
        label: escape.label,
        transcript,
      });
      if (outcome) return outcome;
    }
  }
  // Searching the whole root must not follow the link out either, though nothing is refused.
  const outcome = await tryEscape({
    tool: lab.grepTool,
    args: { pattern: CANARY_SEARCH },
    root,
    labDir,
    label: 'a search of the whole root, which holds a link leading out',
    transcript,
    mayAnswer: true,
  });
  return outcome ?? { passed: true, transcript };
}

/** The arguments that aim a tool at a folder outside the root. */
function argumentsFor({
  tool,
  escape,
}: {
  tool: ToolDef;
  escape: Escape;
}): Record<string, unknown> {
  if (tool.name === 'read_file') return { path: `${escape.folder}/${CANARY_FILE}` };
  if (tool.name === 'glob') return { pattern: `${escape.folder}/*.txt` };
  const properties = Object.keys((toModelTool(tool).parameters.properties ?? {}) as object);
  const scope = GREP_SCOPE_PARAMETERS.find((name) => properties.includes(name)) ?? 'path';
  return {
    pattern: CANARY_SEARCH,
    [scope]: scope === 'path' ? escape.folder : `${escape.folder}/*.txt`,
  };
}

/** Runs one tool directly on parsed arguments; returns a failure, or undefined when it held. */
async function tryEscape(options: {
  tool: ToolDef;
  args: Record<string, unknown>;
  root: string;
  /** The lab's folder, which a throw's place is named from. */
  labDir: string;
  label: string;
  transcript: string[];
  mayAnswer?: boolean;
}): Promise<CheckOutcome | undefined> {
  const { tool, args, root, labDir, label, transcript } = options;
  const shown = `${tool.name}(${JSON.stringify(args)})`;
  const fail = (got: string, threw?: { at: string; kind?: StopKind }): CheckOutcome => ({
    passed: false,
    expected: `${shown} — ${label} — to be refused with { ok: false } and a sentence saying why`,
    got,
    mistake: `${toolKey(tool.name)}-skips-boundary`,
    ...(threw ? { threw } : {}),
    transcript,
  });
  const parsed = tool.parameters.safeParse(args);
  if (!parsed.success)
    return fail(`its parameters rejected these arguments: ${parsed.error.issues[0]?.message}`);
  let result: ToolResult;
  try {
    result = await tool.run(parsed.data, { cwd: root, signal: new AbortController().signal });
  } catch (error) {
    // Named by place, and blamed on that line (see blame-throw.ts); with no frame of the lab's,
    // the tool's own hint stands, since only its code ran.
    const { got, threw } = describeThrow({ error, labDir });
    return fail(got, threw);
  }
  transcript.push(`${shown} → ok ${result.ok}: ${shortenText(result.content, 160)}`);
  const everything = `${result.content}\n${JSON.stringify(result.meta ?? {})}`;
  const leakedName = tool.name !== 'read_file' && everything.includes(CANARY_FILE);
  if (everything.includes(CANARY) || leakedName) {
    return fail(
      `it showed a file from outside the root: ${JSON.stringify(shortenText(result.content, 160))}`,
    );
  }
  if (options.mayAnswer) return undefined;
  if (result.ok !== false || result.content.trim() === '') {
    return fail(`ok ${result.ok} with ${JSON.stringify(shortenText(result.content, 160))}`);
  }
  return undefined;
}
