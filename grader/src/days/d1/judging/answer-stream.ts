import type { StreamEvent } from '@agent-course/core';
import type { Random } from '../../../judging/create-random';

/** The words a check's answers are made of, a seed's pick of them in a seed's order. */
export const WORDS = [
  'Streaming',
  'shows',
  'each',
  'piece',
  'as',
  'soon',
  'as',
  'it',
  'arrives',
  'here',
];

/** A stream of the check's: its events, the clock at each, and what answerOnce must report. */
export interface AnswerStream {
  events: StreamEvent[];
  start: number;
  times: number[];
  text: string;
  pieces: number;
  firstTokenMs: number;
  usage: { promptTokens: number; completionTokens: number };
}

/**
 * A notice and an empty text-delta before the first word (the time to first token is to the first
 * piece a person sees), then words, the usage and the finish, each at a later time of the seed's.
 */
export function buildAnswerStream(random: Random): AnswerStream {
  const words = Array.from({ length: random.integer(4, 7) }, () => `${random.pick(WORDS)} `);
  const usage = {
    promptTokens: random.integer(10, 3000),
    completionTokens: random.integer(3, 500),
  };
  const events: StreamEvent[] = [
    { type: 'notice', message: 'the endpoint is warming up' },
    { type: 'text-delta', text: '' },
    ...words.map((text): StreamEvent => ({ type: 'text-delta', text })),
    { type: 'usage', ...usage },
    { type: 'finish', finishReason: 'stop' },
  ];
  const start = random.integer(1_000, 90_000);
  let clock = start;
  const times = events.map(() => (clock += random.integer(3, 400)));
  return {
    events,
    start,
    times,
    text: words.join(''),
    pieces: words.length,
    firstTokenMs: times[2]! - start,
    usage,
  };
}
