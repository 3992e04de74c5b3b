import type { ToolCall, ToolContext, ToolDef, ToolResult } from '@agent-course/core';
import { createMockModel } from '@agent-course/core/offline';
import type { ScriptedLab } from '../d3-lab';
import type { LabTranscript } from '../lab-transcript';
import type { ScenarioTool, ScriptedScenario } from './scripted-scenario';
import { createStandInTool } from './stand-in-tool';

/**
 * Plays `scenario` against the lab's own loop and registry through the offline model (the real
 * SDK, answered in process: no connection per run), and returns the transcript in the shape the lab CLI writes. The
 * results are recorded as the registry returned them, so the lab's loop cannot dress them up.
 */
export async function runScriptedScenario({
  lab,
  scenario,
  cwd,
}: {
  lab: ScriptedLab;
  scenario: ScriptedScenario;
  cwd: string;
}): Promise<LabTranscript & { error?: string }> {
  const registry = lab.createToolRegistry(scenario.tools.map((entry) => toTool({ lab, entry })));
  const results: LabTranscript['results'] = [];
  const recorded = {
    list: () => registry.list(),
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
    // Day 1's reader as the lab runs on it: the kit's, or the student's own day 1 when switched.
    reader: lab.streamReader,
    // Day 2's writer as the lab runs on it, in the same way.
    writer: lab.messageWriter,
    transport: 'in-process',
  });
  try {
    const run = await lab.runAgent({
      model: mock.model,
      registry: recorded,
      cwd,
      question: scenario.question,
      maxTurns: scenario.turns.length + 1,
    });
    return {
      question: scenario.question,
      stopReason: run.stopReason,
      messages: run.messages as LabTranscript['messages'],
      results,
      ...(run.error ? { error: run.error } : {}),
    };
  } finally {
    await mock.close();
  }
}

/** The lab's own tool, or a stand-in that echoes its text (or throws, when the scenario says so). */
function toTool({ lab, entry }: { lab: ScriptedLab; entry: ScenarioTool }): ToolDef {
  if ('lab' in entry) {
    const tool = lab.readOnlyTools.find((candidate) => candidate.name === entry.lab);
    if (!tool) throw new Error(`the lab's readOnlyTools has no ${entry.lab}`);
    return tool;
  }
  return createStandInTool(entry);
}
