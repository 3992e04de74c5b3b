import { join } from 'node:path';
import { createSandbox } from '@agent-course/sandbox';
import type { DrivingPart } from '../../../beside-lab/driving-part';
import { loadScriptedLab } from './d3-lab';
import type { ToolAloneSeen } from './lab-run-seen';
import { labRunOperations } from './run-lab-cli';

/**
 * call-order's driving part: day 3's scenario through the lab's command line, the grader's script
 * (generated from the seed in the grader, sent as the input) against the lab's loop and registry,
 * and one of the lab's tools run alone on a call.
 */
export const operations = {
  ...labRunOperations,
  /**
   * The lab's own tool, run directly (no registry) on a fresh sandbox with the call's arguments
   * parsed and checked as execute should: how it answered.
   */
  async runToolAlone(
    { call }: { call: { name: string; args: string } },
    { labDir, scratchDir },
  ): Promise<ToolAloneSeen> {
    const lab = await loadScriptedLab(labDir);
    const tool = lab.readOnlyTools.find((candidate) => candidate.name === call.name);
    if (!tool) return { answered: 'no-such-tool' };
    let value: unknown = {};
    try {
      if (call.args.trim() !== '') value = JSON.parse(call.args);
    } catch {
      return { answered: 'arguments-refused' };
    }
    const sandbox = await createSandbox({ directory: join(scratchDir, 'alone', 'sandbox') });
    try {
      const parsed = tool.parameters.safeParse(value);
      if (!parsed.success) return { answered: 'arguments-refused' };
      const result = await tool.run(parsed.data, {
        cwd: sandbox.directory,
        signal: new AbortController().signal,
      });
      return { answered: result?.ok === true ? 'ok' : 'failed' };
    } catch {
      // A tool that throws by itself failed on its own.
      return { answered: 'threw' };
    } finally {
      await sandbox.cleanup();
    }
  },
} satisfies DrivingPart['operations'];
