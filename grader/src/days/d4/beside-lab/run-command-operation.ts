import { loadD4Lab } from './d4-lab';
import { callTool, neverAborted } from './call-tool';

/** What the lab's run_command answers `args`, run in `cwd`: one step of the checks of run_command. */
export async function runCommandOperation(
  { cwd, args }: { cwd: string; args: Record<string, unknown> },
  { labDir }: { labDir: string },
) {
  const lab = await loadD4Lab(labDir);
  return callTool({
    tool: lab.runCommandTool,
    args,
    context: { cwd, signal: neverAborted() },
    labDir,
  });
}
