import { startChatEndpoint } from './chat-endpoint';

/** The most requests a served chat keeps: a few lines' worth, and a lab that loops is seen by then. */
const MAX_REQUESTS_KEPT = 20;
/** The most of the lab's latest output kept to look for the stopped pieces in; they are short. */
const MAX_PRINTED_KEPT = 16_000;

/** A chat an endpoint of the grader's answers, request by request (see startRealRun). */
export interface ServedConversation {
  /** What the person types, one line a turn, written to the run's stdin at its start. */
  lines: string[];
  /** Request N's answer, in the pieces it streams in; a request past the last gets none. */
  answers: string[][];
  /**
   * Where the person presses Ctrl-C: request `request` (from 1) stops after `afterPieces` pieces,
   * and once they show on the lab's stdout the run is sent SIGINT; the answer never goes on.
   */
  interrupt?: { request: number; afterPieces: number };
  /** Request `request` (from 1) is answered with this HTTP error and its JSON body instead. */
  failure?: { request: number; status: number; message: string };
}

/** A message as a request carried it: its role and its text, whatever else it had. */
export interface CarriedMessage {
  role: string;
  content: string | null;
}

/** What the endpoint saw of a served chat, judged by the check that asked for it. */
export interface ConversationSeen {
  /** The messages of each request, in order; at most MAX_REQUESTS_KEPT. */
  requests: CarriedMessage[][];
  /** How many requests came in all. */
  requestCount: number;
  /** With `interrupt`: whether the interrupted request's connection was closed by the lab. */
  interruptedClosed?: boolean;
}

/** A served chat, and what it saw. */
export interface ConversationEndpoint {
  baseURL: string;
  /** To be told what the lab writes to stdout, a chunk at a time, as it writes it. */
  stdoutWrote(chunk: string): void;
  seen(): ConversationSeen;
  close(): Promise<void>;
}

/**
 * Answers a chat the way a model does, one streamed answer per request, and keeps what each
 * request carried: the grader sees for itself whether the lab resent the whole history. With
 * `interrupt`, the answer to one request stops after some pieces; once they are on the lab's stdout
 * (the person has read them), `pressCtrlC` is called, and the answer waits until the lab closes the
 * connection or the run ends.
 */
export async function serveConversation({
  conversation,
  pressCtrlC,
}: {
  conversation: ServedConversation;
  pressCtrlC: () => void;
}): Promise<ConversationEndpoint> {
  // What the lab printed since the interrupted request began, as much as the wait needs.
  let printedSince = '';
  const requests: CarriedMessage[][] = [];
  let requestCount = 0;
  let interruptedClosed: boolean | undefined;
  let shownWait: { text: string; resolve: () => void } | undefined;
  const closing = new AbortController();

  const endpoint = await startChatEndpoint(
    async ({ write, response }) => {
      const request = requestCount;
      write.choice({ role: 'assistant', content: '' });
      const pieces = conversation.answers[request - 1] ?? [];
      const stopAt =
        conversation.interrupt?.request === request
          ? conversation.interrupt.afterPieces
          : undefined;
      // What the lab shows of this answer is what it prints from now on: an earlier answer may hold
      // the same words, and must not count as this one's being read.
      if (stopAt !== undefined) printedSince = '';
      for (const [position, piece] of pieces.entries()) {
        write.choice({ content: piece });
        if (position + 1 !== stopAt) continue;
        interruptedClosed = false;
        const shown = pieces.slice(0, stopAt).join('');
        await new Promise<void>((resolve) => {
          if (printedSince.includes(shown)) return resolve();
          shownWait = { text: shown, resolve };
          closing.signal.addEventListener('abort', () => resolve(), { once: true });
        });
        if (closing.signal.aborted) return;
        pressCtrlC();
        // The answer never goes on: it waits for the lab to hang up, as a stopped request does.
        await new Promise<void>((resolve) => {
          if (response.socket?.destroyed !== false) {
            interruptedClosed = true;
            return resolve();
          }
          response.once('close', () => {
            interruptedClosed = true;
            resolve();
          });
          closing.signal.addEventListener('abort', () => resolve(), { once: true });
        });
        return;
      }
      write.choice({}, 'stop');
      write.done();
    },
    (body) => {
      // Every request is counted and kept here, the failed one too, before it is answered.
      requestCount += 1;
      if (requests.length < MAX_REQUESTS_KEPT) requests.push(carried(body));
      const { failure } = conversation;
      return failure?.request === requestCount ? failure : undefined;
    },
  );
  return {
    baseURL: endpoint.baseURL,
    stdoutWrote(chunk) {
      printedSince = `${printedSince}${chunk}`.slice(-MAX_PRINTED_KEPT);
      if (shownWait && printedSince.includes(shownWait.text)) {
        shownWait.resolve();
        shownWait = undefined;
      }
    },
    seen: () => ({
      requests: structuredClone(requests),
      requestCount,
      ...(interruptedClosed === undefined ? {} : { interruptedClosed }),
    }),
    close: () => {
      closing.abort();
      return endpoint.close();
    },
  };
}

/** The messages a request body carried, as roles and text; anything unreadable as nothing. */
function carried(body: unknown): CarriedMessage[] {
  const messages = (body as { messages?: unknown } | undefined)?.messages;
  if (!Array.isArray(messages)) return [];
  return messages.map((message) => {
    const { role, content } = (message ?? {}) as { role?: unknown; content?: unknown };
    return {
      role: typeof role === 'string' ? role : String(role),
      content: typeof content === 'string' ? content : null,
    };
  });
}
