import { z } from 'zod';
import { MAX_SEEN_TEXT_CHARS, MetaSeen } from '../../../beside-lab/observations';

/**
 * How large a transcript may be. The check process sends it to the grader (see run-lab-cli.ts),
 * so every text and list is bounded; the bounds are far above what any run of the day makes (12
 * turns at most, results cut to about 8,000 characters), even one that opens a call per fragment.
 */
const MAX_NAME_CHARS = 10_000;
const MAX_MESSAGES = 5_000;
const MAX_CALLS = 5_000;

/** One message as the lab CLI's --transcript file records it. */
export const TranscriptMessage = z.object({
  /** Who wrote it. */
  role: z.enum(['system', 'user', 'assistant', 'tool']),
  /** Its text. */
  content: z.string().max(MAX_SEEN_TEXT_CHARS),
  /** On assistant messages: the calls requested. */
  toolCalls: z
    .array(
      z.object({
        id: z.string().max(MAX_NAME_CHARS),
        name: z.string().max(MAX_NAME_CHARS),
        args: z.string().max(MAX_SEEN_TEXT_CHARS),
      }),
    )
    .max(MAX_CALLS)
    .optional(),
  /** On tool messages: the call answered. */
  toolCallId: z.string().max(MAX_NAME_CHARS).optional(),
});
export type TranscriptMessage = z.infer<typeof TranscriptMessage>;

/** What the lab CLI writes with --transcript FILE. */
export const LabTranscript = z.object({
  /** The question asked. */
  question: z.string().max(MAX_SEEN_TEXT_CHARS),
  /** How the run ended: done, max-turns, aborted or model-error. */
  stopReason: z.string().max(MAX_NAME_CHARS),
  /** The whole conversation. */
  messages: z.array(TranscriptMessage).max(MAX_MESSAGES),
  /** Every tool result, in the order the calls ran. */
  results: z
    .array(
      z.object({
        /** The call answered. */
        toolCallId: z.string().max(MAX_NAME_CHARS),
        /** The tool called. */
        name: z.string().max(MAX_NAME_CHARS),
        /** Whether the call worked. */
        ok: z.boolean(),
        /** How many characters were fed back. */
        contentChars: z.number(),
        /** Terminal-only facts such as truncation. */
        meta: MetaSeen.optional(),
      }),
    )
    .max(MAX_CALLS),
});
export type LabTranscript = z.infer<typeof LabTranscript>;

/** The transcript in a file's text, or undefined when the text is not one. */
export function parseLabTranscript(text: string): LabTranscript | undefined {
  try {
    const parsed = LabTranscript.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** The conversation in readable lines, for --verbose. */
export function describeTranscript(transcript: LabTranscript): string[] {
  const preview = (text: string) =>
    JSON.stringify(text.length > 100 ? `${text.slice(0, 100)}…` : text);
  return transcript.messages.flatMap((message) => {
    if (message.role === 'assistant') {
      const calls = (message.toolCalls ?? []).map(
        (call) => `  > ${call.name}(${call.args}) #${call.id}`,
      );
      return [`assistant: ${preview(message.content)}`, ...calls];
    }
    if (message.role === 'tool') {
      const result = transcript.results.find((entry) => entry.toolCallId === message.toolCallId);
      const mark = result?.ok === false ? 'x' : 'v';
      return [
        `  ${mark} #${message.toolCallId} fed back ${message.content.length} chars: ${preview(message.content)}`,
      ];
    }
    return [`${message.role}: ${preview(message.content)}`];
  });
}
