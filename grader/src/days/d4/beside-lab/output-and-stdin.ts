import type { DrivingPart } from '../../../beside-lab/driving-part';
import { loadD4Lab } from '../d4-lab';
import { callTool, neverAborted } from './call-tool';

/** output-and-stdin's driving part: the lab's run_command on the commands the grader wrote. */
export const operations = {
  /** What the lab's run_command answers `args`, run in `cwd`. */
  async run({ cwd, args }: { cwd: string; args: Record<string, unknown> }, { labDir }) {
    const lab = await loadD4Lab(labDir);
    return callTool({
      tool: lab.runCommandTool,
      args,
      context: { cwd, signal: neverAborted() },
      labDir,
    });
  },
} satisfies DrivingPart['operations'];
