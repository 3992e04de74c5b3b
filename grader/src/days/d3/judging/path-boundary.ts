import { z } from 'zod';
import type { StopKind } from '../../../judging/blame-throw';
import type { CheckOutcome, Drive, JudgeContext } from '../../../judging/check';
import { LabThrow } from '../../../beside-lab/check-process-protocol';
import { describeLabThrew } from '../../../judging/judge-checks';
import { ToolResultSeen } from '../../../beside-lab/observations';
import { readAnswer } from '../../../judging/read-answer';
import { shortenText } from '../../../reporting/shorten-text';
import {
  CANARY,
  CANARY_FILE,
  CANARY_SEARCH,
  createBoundaryWorkspace,
  type Escape,
} from './boundary-workspace';
import { parametersOf, seeToolsInLab, type LabTool, type ToolSeen } from './tool-seen';
import { toolKey } from './tool-key';

/** grep's parameter that names where to search, in the order they are looked for. */
const GREP_SCOPE_PARAMETERS = ['path', 'include', 'glob'];
/** The tools tried, by export, in order. */
const TOOLS: LabTool[] = ['readFileTool', 'globTool', 'grepTool'];

/** Check 2: no tool reads, lists or searches outside the working directory. */
export async function judge({ drive, scratchDir }: JudgeContext): Promise<CheckOutcome> {
  // Made here, by the grader: the tools only read it, which files of the grader's allow.
  const { root, escapes } = await createBoundaryWorkspace(scratchDir);
  const tools = await seeToolsInLab({ drive, tools: TOOLS });
  const transcript: string[] = [];
  for (const [position, tool] of tools.entries()) {
    for (const escape of escapes) {
      const args = argumentsFor({ tool, escape });
      const outcome = await tryEscape({
        drive,
        tool: { export: TOOLS[position]!, name: String(tool.name) },
        args,
        root,
        label: escape.label,
        transcript,
      });
      if (outcome) return outcome;
    }
  }
  // Searching the whole root must not follow the link out either, though nothing is refused.
  const outcome = await tryEscape({
    drive,
    tool: { export: 'grepTool', name: String(tools[2]?.name) },
    args: { pattern: CANARY_SEARCH },
    root,
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
  tool: ToolSeen;
  escape: Escape;
}): Record<string, unknown> {
  if (tool.name === 'read_file') return { path: `${escape.folder}/${CANARY_FILE}` };
  if (tool.name === 'glob') return { pattern: `${escape.folder}/*.txt` };
  const properties = parametersOf(tool).properties.map((property) => property.name);
  const scope = GREP_SCOPE_PARAMETERS.find((name) => properties.includes(name)) ?? 'path';
  return {
    pattern: CANARY_SEARCH,
    [scope]: scope === 'path' ? escape.folder : `${escape.folder}/*.txt`,
  };
}

/**
 * What a tool did with arguments, run directly in the check process: its parameters refused them,
 * it returned a result, or it threw.
 */
const RunSeen = z.union([
  z.strictObject({ refused: z.strictObject({ issue: z.string().max(4_000).optional() }) }),
  z.strictObject({ result: ToolResultSeen }),
  z.strictObject({ threw: LabThrow }),
]);

/** Runs one tool directly on parsed arguments; returns a failure, or undefined when it held. */
async function tryEscape(options: {
  drive: Drive;
  /** The tool, by its export and by the name it gives itself. */
  tool: { export: LabTool; name: string };
  args: Record<string, unknown>;
  root: string;
  label: string;
  transcript: string[];
  mayAnswer?: boolean;
}): Promise<CheckOutcome | undefined> {
  const { drive, tool, args, root, label, transcript } = options;
  const shown = `${tool.name}(${JSON.stringify(args)})`;
  const fail = (got: string, threw?: { at: string; kind?: StopKind }): CheckOutcome => ({
    passed: false,
    expected: `${shown} — ${label} — to be refused with { ok: false } and a sentence saying why`,
    got,
    mistake: `${toolKey(tool.name)}-skips-boundary`,
    ...(threw ? { threw } : {}),
    transcript,
  });
  const ran = readAnswer({
    answer: await drive('run', { tool: tool.export, args, cwd: root }),
    schema: RunSeen,
    what: `${tool.name}'s result`,
  });
  if ('refused' in ran) {
    return fail(`its parameters rejected these arguments: ${ran.refused.issue}`);
  }
  if ('threw' in ran) {
    // Named by place, and blamed on that line (see blame-throw.ts); with no frame of the lab's,
    // the tool's own hint stands, since only its code ran.
    const { got, threw } = describeLabThrew(ran.threw);
    return fail(got, threw);
  }
  const { result } = ran;
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
