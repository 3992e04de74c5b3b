import type { LabTranscript, TranscriptMessage } from '../beside-lab/lab-transcript';

/** A call paired with the tool message that answered it, if any. */
export interface AnsweredCall {
  /** The call as the assistant message carried it. */
  call: { id: string; name: string; args: string };
  /** The text fed back for it; undefined when no tool message answered it. */
  answer: string | undefined;
  /** Position of the answering tool message in the conversation. */
  answerAt: number;
  /** Position of the call among its assistant message's calls. */
  position: number;
}

/** Every call of the conversation with its answer, in the order the calls were made. */
export function answeredCalls(messages: TranscriptMessage[]): AnsweredCall[] {
  return messages.flatMap((message) =>
    (message.toolCalls ?? []).map((call, position) => {
      const answerAt = messages.findIndex(
        (other) => other.role === 'tool' && other.toolCallId === call.id,
      );
      return { call, answer: messages[answerAt]?.content, answerAt, position };
    }),
  );
}

/** Whether the conversation ends with a final answer: assistant text and no calls. */
export function endsWithConclusion(messages: TranscriptMessage[]): boolean {
  const last = messages.at(-1);
  return (
    last?.role === 'assistant' && last.content.trim() !== '' && (last.toolCalls ?? []).length === 0
  );
}

/**
 * Whether the run carried on after a failed result: the model took another turn after message
 * `after`, and the run ended "done" with a final answer rather than stopping on the failure.
 */
export function carriedOnToConclusion({
  transcript,
  after,
}: {
  transcript: LabTranscript;
  after: number;
}): boolean {
  const { messages, stopReason } = transcript;
  const anotherTurn = messages.slice(after + 1).some((message) => message.role === 'assistant');
  return anotherTurn && stopReason === 'done' && endsWithConclusion(messages);
}
