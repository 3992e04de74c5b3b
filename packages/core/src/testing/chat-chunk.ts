/**
 * For tests: one Chat Completions stream chunk carrying `delta`, the shape a loopback server
 * streams when a test writes the wire by hand (a cut stream, arguments sent as an object).
 */
export function chatChunk(delta: object, finishReason: string | null = null) {
  return {
    id: 'chatcmpl-x',
    object: 'chat.completion.chunk',
    created: 1,
    model: 'm',
    choices: [{ index: 0, delta, finish_reason: finishReason }],
  };
}
