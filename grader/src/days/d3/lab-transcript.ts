import { z } from 'zod';

/** One message as the lab CLI's --transcript file records it. */
export const TranscriptMessage = z.object({
  /** Who wrote it. */
  role: z.enum(['system', 'user', 'assistant', 'tool']),
  /** Its text. */
  content: z.string(),
  /** On assistant messages: the calls requested. */
  toolCalls: z.array(z.object({ id: z.string(), name: z.string(), args: z.string() })).optional(),
  /** On tool messages: the call answered. */
  toolCallId: z.string().optional(),
});
export type TranscriptMessage = z.infer<typeof TranscriptMessage>;

/** What the lab CLI writes with --transcript FILE. */
export const LabTranscript = z.object({
  /** The question asked. */
  question: z.string(),
  /** How the run ended: done, max-turns, aborted or model-error. */
  stopReason: z.string(),
  /** The whole conversation. */
  messages: z.array(TranscriptMessage),
  /** Every tool result, in the order the calls ran. */
  results: z.array(
    z.object({
      /** The call answered. */
      toolCallId: z.string(),
      /** The tool called. */
      name: z.string(),
      /** Whether the call worked. */
      ok: z.boolean(),
      /** How many characters were fed back. */
      contentChars: z.number(),
      /** Terminal-only facts such as truncation. */
      meta: z.record(z.string(), z.unknown()).optional(),
    }),
  ),
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
