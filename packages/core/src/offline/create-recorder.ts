import { appendFileSync, writeFileSync } from 'node:fs';
import type { RecordedTurn, RecordingHeader } from './session-recording';
import type { WireExchange } from '../openai/create-wire-tap';

/** Writes a session to a RECORD file as it happens. */
export interface Recorder {
  /** Appends one turn; hand it to createOpenAIModel as `onExchange`. */
  onExchange(exchange: WireExchange): void;
}

/**
 * Starts a recording: the file is replaced by its header line, then each answered request is
 * appended as one line as soon as it ends, so a run that dies still leaves its turns. Requests
 * never carry the key (it travels in a header, which is not kept), and any copy of a secret
 * found in the text is replaced all the same.
 */
export function createRecorder(options: {
  file: string;
  header: Omit<RecordingHeader, 'recording' | 'version'>;
  /** Values that must never reach the file, such as the API key. */
  secrets: string[];
}): Recorder {
  const secrets = options.secrets.filter((secret) => secret.length >= 4);
  const redact = (text: string) =>
    secrets.reduce((result, secret) => result.replaceAll(secret, '[redacted]'), text);
  const header: RecordingHeader = {
    recording: 'agent-course session',
    version: 1,
    ...options.header,
  };
  writeFileSync(options.file, `${redact(JSON.stringify(header))}\n`);
  let turn = 0;
  return {
    onExchange(exchange) {
      turn += 1;
      const line: RecordedTurn = {
        turn,
        request: exchange.request,
        streamed: exchange.streamed,
        sawDone: exchange.sawDone,
        chunks: exchange.chunks,
      };
      appendFileSync(options.file, `${redact(JSON.stringify(line))}\n`);
    },
  };
}
