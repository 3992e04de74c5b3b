import type { CheckOutcome, JudgeContext } from '../../../judging/check';
import { readAnswer } from '../../../judging/read-answer';
import { createRandom } from '../../../judging/create-random';
import { chunk } from './quirk-stream-cases';
import { StreamsRead, summarizeEvents } from './stream-seen';

/**
 * Check 2: the usage a stream was asked for arrives on a chunk with no choice at all (OpenAI), or
 * on the last chunk with the finish (some gateways); either way it becomes one usage event with
 * the endpoint's numbers, and the text and finish around it are read as before.
 */
export async function judge({ drive, seed }: JudgeContext): Promise<CheckOutcome> {
  const random = createRandom({ seed, salt: 'usage-chunk' });
  const usage = () => ({
    prompt_tokens: random.integer(5, 4000),
    completion_tokens: random.integer(1, 900),
  });
  const text = `Usage ${random.integer(1, 99)} `;
  const alone = usage();
  const riding = usage();
  const cases = [
    {
      label: 'usage on a last chunk whose choices are []',
      counts: alone,
      chunks: [
        chunk({ role: 'assistant', content: text }),
        chunk({}, 'stop'),
        {
          id: 'chatcmpl-grader',
          object: 'chat.completion.chunk',
          created: 1767225600,
          model: 'grader',
          choices: [],
          usage: { ...alone, total_tokens: alone.prompt_tokens + alone.completion_tokens },
        },
      ],
    },
    {
      label: 'usage on the chunk that carries the finish reason',
      counts: riding,
      chunks: [
        chunk({ content: text }),
        {
          ...(chunk({}, 'stop') as object),
          usage: { ...riding, total_tokens: riding.prompt_tokens + riding.completion_tokens },
        },
      ],
    },
  ];
  const { read } = readAnswer({
    answer: await drive('read', { streams: cases.map((entry) => entry.chunks) }),
    schema: StreamsRead,
    what: "toStreamEvents' events",
  });
  for (const [position, entry] of cases.entries()) {
    const summary = summarizeEvents(read[position]?.events ?? []);
    const wanted = {
      type: 'usage',
      promptTokens: entry.counts.prompt_tokens,
      completionTokens: entry.counts.completion_tokens,
    };
    const expected = `for ${entry.label}: one ${JSON.stringify(wanted)}, text ${JSON.stringify(text)}, finish stop`;
    if (summary.problem) return { passed: false, expected, got: summary.problem };
    const usageSeen = summary.usage ?? [];
    const sameUsage =
      usageSeen.length === 1 && JSON.stringify(pick(usageSeen[0])) === JSON.stringify(wanted);
    if (!sameUsage || summary.text !== text || summary.finishReason !== 'stop') {
      return {
        passed: false,
        expected,
        got: `usage ${JSON.stringify(usageSeen)}, text ${JSON.stringify(summary.text)}, finish ${JSON.stringify(summary.finishReason)}`,
      };
    }
  }
  return { passed: true, transcript: cases.map((entry) => entry.label) };
}

/** The usage event's own fields, in a fixed order, so extra fields or order do not matter. */
function pick(event: unknown): unknown {
  const { type, promptTokens, completionTokens } = (event ?? {}) as Record<string, unknown>;
  return { type, promptTokens, completionTokens };
}
