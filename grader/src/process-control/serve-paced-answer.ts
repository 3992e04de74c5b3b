import { setTimeout as sleep } from 'node:timers/promises';
import { startChatEndpoint } from './chat-endpoint';

/** The answer an endpoint of the grader's streams to a lab's real run (see startRealRun). */
export interface ServedAnswer {
  /** The answer's text in the pieces it is sent in. */
  pieces: string[];
  /** What the endpoint says it counted, on a last chunk with no choice, as OpenAI sends it. */
  usage: { promptTokens: number; completionTokens: number };
  /** How long it waits, once the request is in, before the first piece. */
  firstPieceDelayMs: number;
  /** Whether each piece waits until every piece before it shows on the lab's stdout. */
  pacedByStdout: boolean;
}

/** What the endpoint saw of the run, judged by the check that asked for it. */
export interface EndpointSeen {
  /** The chat requests it answered. */
  requests: number;
  /** How many of the answer's pieces it had sent, on the request that got furthest. */
  piecesSent: number;
  /** Whether it sent the whole answer, with its finish reason and usage, on some request. */
  finished: boolean;
}

/** An endpoint of the grader's, on loopback, pacing its answer by what the lab has shown. */
export interface PacedEndpoint {
  /** The base URL to hand the lab as OPENAI_BASE_URL. */
  baseURL: string;
  /** To be told the end of the lab's stdout each time it grows. */
  stdoutGrew(tail: string): void;
  seen(): EndpointSeen;
  /** Stops waiting and serving, cutting any connection still open. */
  close(): Promise<void>;
}

/**
 * Serves one Chat Completions answer to whoever asks, paced, when the answer says so, by what the
 * lab's stdout shows: it sends a piece only once every piece before it is on the lab's stdout. A
 * program that prints the answer as it arrives gets the whole answer; one that holds the text back
 * until the stream ends waits for a piece that never comes, and what it waited for is what `seen`
 * says. Waiting on what the lab does rather than on a clock keeps a busy machine from failing a
 * correct lab, and the pieces come from the grader, so no lab can print one before it is sent.
 */
export async function servePacedAnswer(answer: ServedAnswer): Promise<PacedEndpoint> {
  let tail = '';
  // One wait for each request being answered, should a lab send several at once.
  const waiting = new Set<{ text: string; resolve: () => void }>();
  const closing = new AbortController();
  const seen: EndpointSeen = { requests: 0, piecesSent: 0, finished: false };

  const untilShown = (text: string) =>
    new Promise<void>((resolve) => {
      if (tail.includes(text) || closing.signal.aborted) return resolve();
      waiting.add({ text, resolve });
    });

  const endpoint = await startChatEndpoint(async ({ write }) => {
    seen.requests += 1;
    write.choice({ role: 'assistant', content: '' });
    await sleep(answer.firstPieceDelayMs, undefined, { signal: closing.signal });
    let shown = '';
    for (const [position, piece] of answer.pieces.entries()) {
      write.choice({ content: piece });
      seen.piecesSent = Math.max(seen.piecesSent, position + 1);
      shown += piece;
      if (answer.pacedByStdout) await untilShown(shown);
      if (closing.signal.aborted) return;
    }
    write.choice({}, 'stop');
    write.usage(answer.usage);
    write.done();
    seen.finished = true;
  });
  return {
    baseURL: endpoint.baseURL,
    stdoutGrew(latest) {
      tail = latest;
      for (const wait of waiting) {
        if (!tail.includes(wait.text)) continue;
        waiting.delete(wait);
        wait.resolve();
      }
    },
    seen: () => ({ ...seen }),
    close: () => {
      closing.abort();
      for (const wait of waiting) wait.resolve();
      return endpoint.close();
    },
  };
}
