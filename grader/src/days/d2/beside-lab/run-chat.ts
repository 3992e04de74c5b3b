import type {
  AgentEvent,
  Message,
  ModelClient,
  Person,
  PersonLine,
  StreamEvent,
} from '@agent-course/core';
import type { DrivingPart } from '../../../beside-lab/driving-part';
import { loadD2Lab } from './d2-lab';

/** One turn as the person lived it: the pieces shown before and after they pressed Ctrl-C. */
interface TurnSeen {
  shown: string[];
  shownAfterStop: string[];
}

/** Where the person presses Ctrl-C: on their line `line` (from 0), once `afterPieces` are shown. */
interface Interrupt {
  line: number;
  afterPieces: number;
}

/**
 * The driving part of the chat checks: the lab's chat with a person who sends the grader's lines
 * (and presses Ctrl-C where told) and a model that answers request N with the grader's pieces for
 * it, or fails request `failOn` with `failure`. A stopped stream behaves as the SDK's does: one
 * piece already read still comes, then the abort is thrown. Reported: what each request carried,
 * what each turn showed, the other events, and how the chat ended.
 */
export const operations = {
  async chat(
    {
      lines,
      answers,
      interrupt,
      failOn,
      failure = 'the model request failed',
    }: {
      lines: string[];
      answers: string[][];
      interrupt?: Interrupt;
      failOn?: number;
      failure?: string;
    },
    { labDir },
  ) {
    const lab = await loadD2Lab(labDir);
    const requests: unknown[] = [];
    const turns: TurnSeen[] = [];
    const controllers: AbortController[] = [];
    const otherEvents: AgentEvent[] = [];
    const person: Person = {
      async nextLine(): Promise<PersonLine | undefined> {
        const text = lines[controllers.length];
        if (text === undefined) return undefined;
        const controller = new AbortController();
        controllers.push(controller);
        turns.push({ shown: [], shownAfterStop: [] });
        return { text, signal: controller.signal };
      },
    };
    const model: ModelClient = {
      async *stream({ messages, signal }): AsyncGenerator<StreamEvent> {
        requests.push(JSON.parse(JSON.stringify(messages ?? null)));
        const request = requests.length;
        if (request === failOn) throw new Error(failure);
        for (const text of answers[request - 1] ?? []) {
          const stopped = signal?.aborted === true;
          yield { type: 'text-delta', text };
          if (stopped) throw abortError();
        }
        if (signal?.aborted) throw abortError();
        yield { type: 'finish', finishReason: 'stop' };
      },
    };
    const run = await lab.chat({
      model,
      person,
      registry: [],
      cwd: '.',
      question: '',
      signal: new AbortController().signal,
      onEvent: (event) => {
        const turn = turns.at(-1);
        const controller = controllers.at(-1);
        if (event.type !== 'text-delta' || !turn || !controller) {
          otherEvents.push(structuredClone(event));
          return;
        }
        if (controller.signal.aborted) {
          turn.shownAfterStop.push(String(event.text));
          return;
        }
        turn.shown.push(String(event.text));
        if (interrupt?.line === turns.length - 1 && turn.shown.length === interrupt.afterPieces) {
          controller.abort();
        }
      },
    });
    return {
      requests,
      turns,
      otherEvents: JSON.parse(JSON.stringify(otherEvents)) as unknown,
      stopReason: run?.stopReason,
      ...(typeof run?.error === 'string' ? { error: run.error } : {}),
      messages: JSON.parse(JSON.stringify(run?.messages ?? null)) as unknown,
      note: lab.INTERRUPTED_NOTE,
    };
  },
} satisfies DrivingPart['operations'];

/** What the SDK throws when a request's signal aborts. */
function abortError(): Error {
  const error = new Error('Request was aborted.');
  error.name = 'AbortError';
  return error;
}
