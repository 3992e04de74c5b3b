import { d4Scenario } from '@agent-course/sandbox/scenarios/d4';
import { createMockModel } from '@agent-course/core/offline';
import type { DrivingPart } from '../../../beside-lab/driving-part';
import { createThrowLog, recordThrows } from '../../../beside-lab/record-throws';
import { loadD4Lab } from './d4-lab';
import {
  MAX_FIRST_LINE_CHARS,
  MAX_RUN_ERROR_CHARS,
  MAX_RUN_MESSAGE_CHARS,
  MAX_RUN_RESULTS,
  type ScriptedRunSeen,
} from './observations';

/**
 * red-to-green's driving part: the offline run of `MOCK=1 pnpm start`, the lab's loop and tools
 * against the kit's scripted model, in a sandbox the grader wrote. What the script plays is the
 * kit's (`@agent-course/sandbox/scenarios/d4`), never a file of the lab's: its turns are functions of
 * the conversation, so they are chosen here rather than sent. The grader then reads the sandbox
 * and runs its own copy of the test; this only says how the run went.
 */
export const operations = {
  /** Plays the scripted run in `cwd` with `question`, and says what the lab's tools answered. */
  async play(
    { cwd, question, systemPrompt }: { cwd: string; question: string; systemPrompt: string },
    { labDir },
  ): Promise<ScriptedRunSeen> {
    const lab = await loadD4Lab(labDir);
    const mock = await createMockModel({
      steps: d4Scenario.steps(undefined),
      seed: d4Scenario.seed,
      quirks: d4Scenario.quirks,
      // Day 1's reader as the lab runs on it: the kit's, or the student's own day 1 when switched.
      reader: lab.streamReader,
      // Day 2's writer as the lab runs on it, in the same way.
      writer: lab.messageWriter,
      transport: 'in-process',
    });
    try {
      // A tool's throw is noted on its way into the registry, which answers it as a failed
      // result: the grader can then blame the line that threw, not this check's TODO.
      const throws = createThrowLog();
      const registry = lab.createToolRegistry(
        recordThrows({ tools: lab.createTools(), log: throws }),
      );
      const results: ScriptedRunSeen['results'] = [];
      const ran = await lab.runAgent({
        model: mock.model,
        registry,
        cwd,
        question,
        systemPrompt,
        maxTurns: lab.DEFAULT_MAX_TURNS,
        onEvent: (event) => {
          if (event.type === 'tool-result' && results.length < MAX_RUN_RESULTS) {
            const first = event.result.content.split('\n', 1)[0] ?? '';
            results.push({
              tool: String(event.call.name).slice(0, 200),
              ok: Boolean(event.result.ok),
              firstLine: first.slice(0, MAX_FIRST_LINE_CHARS),
            });
          }
        },
      });
      const toolMessages = ran.messages
        .filter((message) => message.role === 'tool')
        .slice(0, MAX_RUN_RESULTS)
        .map((message) => String(message.content).slice(0, MAX_RUN_MESSAGE_CHARS));
      const thrown = throws.seen({ labDir });
      return {
        results,
        toolMessages,
        stopReason: String(ran.stopReason).slice(0, 200),
        ...(typeof ran.error === 'string'
          ? { error: ran.error.slice(0, MAX_RUN_ERROR_CHARS) }
          : {}),
        ...(thrown ? { thrown } : {}),
      };
    } finally {
      await mock.close();
    }
  },
} satisfies DrivingPart['operations'];
