/**
 * Runs a day-3 lab's own loop and registry on a script the grader owns, and writes a transcript in
 * the shape the lab CLI writes, so the CLI checks judge both the same way. Started by
 * `runLabCli({ scenario })` as a bounded process: the lab's code never runs in the grader.
 *
 *   node --import tsx run-scripted-lab.ts --lab DIR --scenario FILE --cwd DIR --transcript FILE
 */
import { readFile, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import type { ToolCall, ToolContext, ToolDef, ToolResult } from '@agent-course/core';
import { createMockModel } from '@agent-course/core/offline';
import { z } from 'zod';
import { loadD3Lab } from '../d3-lab';
import { ScriptedScenario, type ScenarioTool } from './scripted-scenario';

const { values } = parseArgs({
  options: {
    lab: { type: 'string' },
    scenario: { type: 'string' },
    cwd: { type: 'string' },
    transcript: { type: 'string' },
  },
});
const scenario = ScriptedScenario.parse(JSON.parse(await readFile(values.scenario ?? '', 'utf8')));
const lab = await loadD3Lab(values.lab ?? '');
const labTools = new Map(lab.readOnlyTools.map((tool) => [tool.name, tool]));
const registry = lab.createToolRegistry(scenario.tools.map(toTool));

const results: Array<{ toolCallId: string; name: string; ok: boolean; contentChars: number }> = [];
const recorded = {
  list: () => registry.list(),
  // What the registry returned, as the grader saw it: the lab's loop cannot dress it up.
  async execute(call: ToolCall, context: ToolContext): Promise<ToolResult> {
    const result = await registry.execute(call, context);
    results.push({
      toolCallId: call.id,
      name: call.name,
      ok: result?.ok === true,
      contentChars: typeof result?.content === 'string' ? result.content.length : 0,
    });
    return result;
  },
};
const mock = await createMockModel({
  steps: scenario.turns.map((turn) => () => turn),
  seed: scenario.seed,
  quirks: scenario.quirks,
});
try {
  const run = await lab.runAgent({
    model: mock.model,
    registry: recorded,
    cwd: values.cwd ?? '.',
    question: scenario.question,
    maxTurns: scenario.turns.length + 1,
  });
  const transcript = {
    question: scenario.question,
    stopReason: run.stopReason,
    messages: run.messages,
    results,
  };
  await writeFile(values.transcript ?? '', `${JSON.stringify(transcript, null, 2)}\n`);
  process.exitCode = run.stopReason === 'done' ? 0 : 1;
  if (run.stopReason !== 'done') process.stderr.write(`Stopped: ${run.error ?? run.stopReason}\n`);
} finally {
  await mock.close();
}

/** The lab's own tool, or a stand-in that echoes its text (or throws, when the scenario says so). */
function toTool(entry: ScenarioTool): ToolDef {
  if ('lab' in entry) {
    const tool = labTools.get(entry.lab);
    if (!tool) throw new Error(`the lab's readOnlyTools has no ${entry.lab}`);
    return tool;
  }
  const { standIn, throws } = entry;
  return {
    name: standIn,
    description: `A stand-in tool, e.g. {"text":"hi"}; echoes at most 100 characters.`,
    parameters: z.strictObject({ text: z.string().optional().describe('Text to echo back.') }),
    readOnly: true,
    async run(args) {
      if (throws !== undefined) throw new Error(throws);
      return { ok: true, content: `${standIn}: ${String(args.text ?? '').slice(0, 100)}` };
    },
  };
}
