import type { DrivingPart } from '../../../beside-lab/driving-part';
import { describeLabThrow } from '../../../beside-lab/describe-lab-throw';
import { loadD3Lab } from './d3-lab';
import type { LabTool } from '../judging/tool-seen';
import { labTool, MAX_ISSUE_CHARS, toolOperations } from './see-tools';

/**
 * path-boundary's driving part: the lab's tools as the model sees them, and one tool run directly
 * on arguments in a working folder the grader made.
 */
export const operations = {
  ...toolOperations,
  /**
   * Runs a tool on the arguments its parameters make of `args`, in `cwd`. The parameters' refusal
   * and a throw of the tool's own are what the tool did, so both come back as data.
   */
  async run({ tool, args, cwd }: { tool: LabTool; args: unknown; cwd: string }, { labDir }) {
    const lab = await loadD3Lab(labDir);
    const def = labTool({ lab, tool });
    const parsed = def.parameters.safeParse(args);
    if (!parsed.success) {
      return { refused: { issue: parsed.error.issues[0]?.message.slice(0, MAX_ISSUE_CHARS) } };
    }
    try {
      return {
        result: await def.run(parsed.data, { cwd, signal: new AbortController().signal }),
      };
    } catch (error) {
      return { threw: describeLabThrow({ error, labDir }) };
    }
  },
} satisfies DrivingPart['operations'];
