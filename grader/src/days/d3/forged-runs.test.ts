import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// A forger's registry needs only to word failures as a working one does: the solution's, here in
// the kit's own tests, and the tools as the starter has them.
import { createToolRegistry } from '../../../../solutions/d3/src/tool-registry';
import { globTool } from '../../../../labs/d3/src/tools/glob';
import { grepTool } from '../../../../labs/d3/src/tools/grep';
import { readFileTool } from '../../../../labs/d3/src/tools/read-file';
import { d3Scenario } from '@agent-course/sandbox/scenarios/d3';
import type { Message, ToolDef } from '@agent-course/core';
import type { ScriptStep } from '@agent-course/core/offline';
import { createSandbox } from '@agent-course/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DrivingPart } from '../../beside-lab/driving-part';
import type { CheckOutcome } from '../../judging/check';
import { KIT_ROOT } from '../../beside-lab/kit-paths';
import { judgeInProcess } from '../../judging/judge-in-process';
import * as badArguments from './judging/bad-arguments';
import * as callOrder from './judging/call-order';
import * as unknownTool from './judging/unknown-tool';
import type { CommandLineRunSeen, ScriptedRunSeen } from './beside-lab/lab-run-seen';
import type { LabTranscript } from './beside-lab/lab-transcript';
import type { ScriptedScenario } from './beside-lab/scripted-run/scripted-scenario';
import { createStandInTool } from './beside-lab/scripted-run/stand-in-tool';

/**
 * A lab that runs none of its code and forges every run from the script it is sent (the check
 * process is told the script: it is the step's input). Its failures are the finished registry's own
 * words, worked out from the call alone, so they name what they must; its working results are
 * made up. Before the grader judged working results against the finished tools, this passed
 * call-order, unknown-tool and bad-arguments on every seed.
 */

const SOLUTION = join(KIT_ROOT, 'solutions', 'd3');
/** A few dozen seeds, spread over the range, as in variants.property.test.ts. */
const SEEDS = Array.from({ length: 30 }, (_, position) => (position * 2_654_435_761 + 17) >>> 0);
const FINISHED_TOOLS: Record<string, ToolDef> = {
  glob: globTool,
  grep: grepTool,
  read_file: readFileTool,
};

/** What the forger feeds back for a call that works. */
type Filling =
  /** One character, whatever the call: the teammate's forgery. */
  | 'one-character'
  /** As many characters as the tool's answer (which it runs for the size), all "x". */
  | 'same-length';

let scratchRoot: string;
beforeAll(async () => {
  scratchRoot = await mkdtemp(join(tmpdir(), 'grader-forged-'));
});
afterAll(() => rm(scratchRoot, { recursive: true, force: true }));

/**
 * Plays `steps` without the lab: each call goes to a working registry holding tools that only
 * look like the script's (their parameters, so a bad call fails as it should), which feed back
 * `fill` instead of what the tool would.
 */
async function forgeRun({
  steps,
  tools,
  question,
  fill,
  cwd,
}: {
  steps: ScriptStep[];
  tools: ScriptedScenario['tools'];
  question: string;
  fill: (real: () => Promise<string>) => Promise<string>;
  cwd: string;
}): Promise<LabTranscript> {
  const registry = createToolRegistry(
    tools.map((entry): ToolDef => {
      if ('standIn' in entry && entry.throws !== undefined) return createStandInTool(entry);
      const tool = 'lab' in entry ? FINISHED_TOOLS[entry.lab]! : createStandInTool(entry);
      return {
        ...tool,
        async run(args, context) {
          const content = await fill(async () => (await tool.run(args, context)).content);
          return { ok: true, content };
        },
      };
    }),
  );
  const messages: Message[] = [
    { role: 'system', content: 'forged' },
    { role: 'user', content: question },
  ];
  const results: LabTranscript['results'] = [];
  for (const [turn, step] of steps.entries()) {
    const { text = '', toolCalls = [] } = step(messages);
    const calls = toolCalls.map((call, position) => ({
      id: `call_${turn + 1}_${position + 1}`,
      name: call.name,
      args: call.args,
    }));
    messages.push({ role: 'assistant', content: text, toolCalls: calls });
    if (calls.length === 0) break;
    for (const call of calls) {
      const result = await registry.execute(call, { cwd, signal: new AbortController().signal });
      messages.push({ role: 'tool', toolCallId: call.id, content: result.content });
      results.push({
        toolCallId: call.id,
        name: call.name,
        ok: result.ok,
        contentChars: result.content.length,
      });
    }
  }
  return {
    question,
    stopReason: 'done',
    messages: messages as LabTranscript['messages'],
    results,
  };
}

/** The forger as a driving part: the operations call-order, unknown-tool and bad-arguments drive. */
function forgingDrivingPart(filling: Filling): DrivingPart {
  const sizedLikeTheTool = async (real: () => Promise<string>) => 'x'.repeat((await real()).length);
  return {
    operations: {
      // The lesson's runs: sized as the lesson says, so the fixed figures (50, 361, 248) hold.
      async runCommandLine(
        { inject, question }: { inject?: string; question?: string },
        { scratchDir },
      ): Promise<CommandLineRunSeen> {
        const sandbox = await createSandbox({ directory: join(scratchDir, 'cli', 'sandbox') });
        const transcript = await forgeRun({
          steps: d3Scenario.steps(inject),
          tools: [{ lab: 'glob' }, { lab: 'grep' }, { lab: 'read_file' }],
          question: question ?? 'Why are the tests in this repository red?',
          fill: sizedLikeTheTool,
          cwd: sandbox.directory,
        });
        return { exitCode: 0, stderr: '', transcript };
      },
      // The grader's scripts: read from the input, every call "run" as the filling says.
      async playScript(
        { script }: { script: ScriptedScenario },
        { scratchDir },
      ): Promise<ScriptedRunSeen> {
        const sandbox = await createSandbox({
          directory: join(scratchDir, 'scripted', 'sandbox'),
        });
        const transcript = await forgeRun({
          steps: script.turns.map((turn) => () => turn),
          tools: script.tools,
          question: script.question,
          fill: filling === 'one-character' ? async () => 'x' : sizedLikeTheTool,
          cwd: sandbox.directory,
        });
        return { stopReason: 'done', transcript };
      },
      // Asked only when a call failed, which no forged working call does.
      runToolAlone: async () => ({ answered: 'ok' }),
    },
  };
}

/** The outcome with the seed in front, so a passing seed can be replayed with --seed. */
function withSeed(seed: number, outcome: CheckOutcome) {
  return outcome.passed
    ? { seed, passed: true }
    : { seed, passed: false, mistake: outcome.mistake };
}

describe('a lab that forges its runs from the scripts it is sent fails, whatever the seed', () => {
  for (const [id, check] of [
    ['call-order', callOrder],
    ['unknown-tool', unknownTool],
    ['bad-arguments', badArguments],
  ] as const) {
    for (const filling of ['one-character', 'same-length'] as const) {
      it(`${id}: working results forged with ${filling} content`, async () => {
        const driving = forgingDrivingPart(filling);
        for (const seed of SEEDS) {
          const outcome = await judgeInProcess({
            check,
            driving,
            labDir: SOLUTION,
            scratchDir: join(scratchRoot, `${id}-${filling}-${seed}`),
            seed,
          });
          expect(withSeed(seed, outcome)).toEqual({
            seed,
            passed: false,
            mistake: 'result-changed',
          });
        }
      });
    }
  }
});
