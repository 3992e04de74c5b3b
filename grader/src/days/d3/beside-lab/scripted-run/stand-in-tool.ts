import type { ToolDef } from '@agent-course/core';
import { z } from 'zod';

/**
 * A stand-in tool of a scripted run's registry (see ScenarioTool): it echoes at most 100
 * characters of its text, or throws when the scenario says so. The check process hands it to the
 * lab's registry; the grader hands the same one to the finished registry, to know what it answers.
 */
export function createStandInTool({
  standIn,
  throws,
}: {
  standIn: string;
  throws?: string | undefined;
}): ToolDef {
  return {
    name: standIn,
    description: 'A stand-in tool, e.g. {"text":"hi"}; echoes at most 100 characters.',
    parameters: z.strictObject({ text: z.string().optional().describe('Text to echo back.') }),
    readOnly: true,
    async run(args) {
      if (throws !== undefined) throw new Error(throws);
      return { ok: true, content: `${standIn}: ${String(args.text ?? '').slice(0, 100)}` };
    },
  };
}
