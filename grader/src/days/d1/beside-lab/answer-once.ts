import type { AgentEvent, ModelClient, StreamEvent } from '@agent-course/core';
import type { DrivingPart } from '../../../beside-lab/driving-part';
import { loadD1Lab } from './d1-lab';

/** One event the lab's answerOnce handed to onEvent, and how many model events it had been given by then. */
interface Forwarded {
  event: AgentEvent;
  afterModelEvents: number;
}

/**
 * The driving part of as-it-arrives and first-token-and-usage: the lab's answerOnce on a model that
 * streams the grader's events, on a clock that reads `times[i]` once the model hands over event i
 * (and `start` before it has handed over any). What answerOnce forwarded, when, how many times it
 * asked the model, and how it ended.
 */
export const operations = {
  async answer(
    { events, times, start }: { events: StreamEvent[]; times: number[]; start: number },
    { labDir },
  ) {
    const lab = await loadD1Lab(labDir);
    let clock = start;
    let given = 0;
    let requests = 0;
    async function* answer() {
      for (const [position, event] of events.entries()) {
        clock = times[position] ?? clock;
        given = position + 1;
        yield structuredClone(event);
      }
    }
    const model: ModelClient = {
      stream() {
        requests += 1;
        return answer();
      },
    };
    const forwarded: Forwarded[] = [];
    const run = await lab.answerOnce({
      model,
      registry: [],
      cwd: '.',
      question: 'What is a coding agent?',
      signal: new AbortController().signal,
      onEvent: (event) =>
        forwarded.push({ event: structuredClone(event), afterModelEvents: given }),
      now: () => clock,
    });
    return {
      forwarded,
      requests,
      stopReason: run?.stopReason,
      ...(typeof run?.error === 'string' ? { error: run.error } : {}),
    };
  },
} satisfies DrivingPart['operations'];
