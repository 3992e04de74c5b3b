import type { Random } from '../../../judging/create-random';

/** One stream of the check's and what reading it must give. */
export interface QuirkStream {
  label: string;
  chunks: unknown[];
  text: string;
  finishReason: string;
  /** The hint to give when this stream is read wrong. */
  mistake: 'content' | 'finish' | 'as-read';
}

const WORDS = [
  'the',
  'stream',
  'answer',
  'arrives',
  'piece',
  'by',
  'token',
  'model',
  'reads',
  'late',
];

/** A chunk as the SDK hands it over; `delta` and `finish` as the endpoint wrote them. */
export function chunk(delta: Record<string, unknown>, finish: unknown = null): unknown {
  return {
    id: 'chatcmpl-grader',
    object: 'chat.completion.chunk',
    created: 1767225600,
    model: 'grader',
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
  };
}

/**
 * The day's quirks, one stream each, with words from `random`: "" and null content, the finish
 * reason alone, twice, as "", never, and one the kit does not know.
 */
export function buildQuirkStreams(random: Random): QuirkStream[] {
  const pieces = () => Array.from({ length: random.integer(2, 4) }, () => `${random.pick(WORDS)} `);
  const stream = (
    label: string,
    mistake: QuirkStream['mistake'],
    build: (texts: string[]) => { chunks: unknown[]; finishReason: string },
  ): QuirkStream => {
    const texts = pieces();
    return { label, mistake, text: texts.join(''), ...build(texts) };
  };
  return [
    stream(
      'a first chunk whose content is "" and the finish reason on a chunk of its own',
      'content',
      (texts) => ({
        chunks: [
          chunk({ role: 'assistant', content: '' }),
          ...texts.map((text) => chunk({ content: text })),
          chunk({}, 'stop'),
        ],
        finishReason: 'stop',
      }),
    ),
    stream('chunks whose content is null between the text', 'content', (texts) => ({
      chunks: [
        ...texts.flatMap((text) => [chunk({ content: text }), chunk({ content: null })]),
        chunk({ content: null }, 'stop'),
      ],
      finishReason: 'stop',
    })),
    stream('the finish reason sent twice: on the last text, then alone', 'finish', (texts) => ({
      chunks: [
        ...texts.map((text, at) =>
          chunk({ content: text }, at === texts.length - 1 ? 'length' : null),
        ),
        chunk({}, 'stop'),
      ],
      finishReason: 'stop',
    })),
    stream('"" as the finish reason of every chunk, and length once', 'finish', (texts) => ({
      chunks: [
        ...texts.map((text) => chunk({ content: text }, '')),
        chunk({}, 'length'),
        chunk({}, ''),
      ],
      finishReason: 'length',
    })),
    stream('a stream that never sends a finish reason (it was cut)', 'finish', (texts) => ({
      chunks: texts.map((text) => chunk({ content: text })),
      finishReason: 'unknown',
    })),
    stream('a finish reason the kit does not know', 'finish', (texts) => ({
      chunks: [
        ...texts.map((text) => chunk({ content: text })),
        chunk({}, random.pick(['eos', 'end_turn', 'function_call'])),
      ],
      finishReason: 'unknown',
    })),
  ];
}
