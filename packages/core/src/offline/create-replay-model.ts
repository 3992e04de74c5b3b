import type { ChatCompletion } from 'openai/resources/chat/completions';
import { completionToChunks } from '../openai/completion-to-chunks';
import { createOpenAIModel } from '../openai/create-openai-model';
import type { MockModel } from './create-mock-model';
import type { MessageWriter } from '../openai/message-writer';
import type { StreamReader } from '../openai/stream-reader';
import type { SessionRecording } from './session-recording';
import { startLoopbackServer } from './loopback-server';

/**
 * Plays a recorded session offline: request N gets turn N's chunks exactly as they were
 * received (a cut stream stays cut), from a loopback server through the real SDK, like MOCK=1.
 * The tools still run for real, so the replay shows what today's code makes of that stream.
 */
export async function createReplayModel(options: {
  recording: SessionRecording;
  /** Reads the replayed chunks as a live stream's: day 1's code (see StreamReader). */
  reader: StreamReader;
  /** Writes the requests, as a live run does: day 2's code (see MessageWriter). */
  writer: MessageWriter;
  /** Ask without streaming, as STREAM=0 does; the chunks are merged into one completion. */
  stream?: boolean;
}): Promise<MockModel> {
  const { turns } = options.recording;
  let served = 0;
  const server = await startLoopbackServer({
    respond() {
      const turn = turns[served];
      served += 1;
      if (!turn) {
        throw new Error(
          `the recording has ${turns.length} turn${turns.length === 1 ? '' : 's'} and the run asked for turn ${served}; the run went another way than the recorded one`,
        );
      }
      const chunks = turn.streamed
        ? turn.chunks
        : turn.chunks.flatMap((completion) => completionToChunks(completion as ChatCompletion));
      return { chunks, done: turn.streamed ? turn.sawDone : true };
    },
  });
  // No retries: a retry would take the next recorded turn.
  const model = createOpenAIModel({
    apiKey: 'replay',
    baseURL: server.baseURL,
    model: options.recording.header.model,
    reader: options.reader,
    writer: options.writer,
    maxRetries: 0,
    stream: options.stream ?? true,
  });
  return { model, close: () => server.close() };
}
