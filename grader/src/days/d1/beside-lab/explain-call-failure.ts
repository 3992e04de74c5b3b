import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { createOpenAIModel, questionWriter } from '@agent-course/core';
import type { StreamReader } from '@agent-course/core';
import { startLoopbackServer } from '@agent-course/core/offline';
import type { DrivingPart } from '../../../beside-lab/driving-part';
import { loadD1Lab } from './d1-lab';

/** What the lab's explainFailure said about one failed call, before the client touched it. */
interface Explained {
  /** The endpoint the client handed it. */
  endpoint: string;
  /** Its answer, or how it was not a string. */
  explained: string;
  isString: boolean;
}

/**
 * The driving part of http-error and refused-connection: a real call through the real SDK that
 * fails, with the lab's explainFailure as the client's reader. What it answered is taken as it
 * returned it, before the client masks the key, so the lab's own words are judged.
 */
export const operations = {
  /** A loopback endpoint that answers `status` with a JSON error body saying `message`. */
  async answerStatus(
    { status, message, apiKey }: { status: number; message: string; apiKey: string },
    { labDir },
  ) {
    const lab = await loadD1Lab(labDir);
    const server = await startLoopbackServer({
      respond: () => ({ status, errorMessage: message }),
    });
    try {
      return await callThrough({ lab, baseURL: server.baseURL, apiKey });
    } finally {
      await server.close();
    }
  },
  /** A port nothing listens on: the connection is refused. */
  async refuse({ apiKey }: { apiKey: string }, { labDir }) {
    const lab = await loadD1Lab(labDir);
    const baseURL = `http://127.0.0.1:${await closedPort()}/v1`;
    return callThrough({ lab, baseURL, apiKey });
  },
} satisfies DrivingPart['operations'];

async function callThrough({
  lab,
  baseURL,
  apiKey,
}: {
  lab: Awaited<ReturnType<typeof loadD1Lab>>;
  baseURL: string;
  apiKey: string;
}): Promise<Explained | { notExplained: true }> {
  let explained: Explained | undefined;
  const reader: StreamReader = {
    toStreamEvents: (chunks) => lab.toStreamEvents(chunks),
    explainFailure: (failure) => {
      const answer: unknown = lab.explainFailure(failure);
      explained = {
        endpoint: failure.endpoint,
        explained: typeof answer === 'string' ? answer : String(answer),
        isString: typeof answer === 'string',
      };
      return explained.explained;
    },
  };
  // As a person runs it: the key in the environment too, where a careless message could read it.
  const before = process.env.OPENAI_API_KEY;
  process.env.OPENAI_API_KEY = apiKey;
  try {
    const model = createOpenAIModel({
      apiKey,
      baseURL,
      model: 'm',
      maxRetries: 0,
      reader,
      writer: questionWriter,
    });
    for await (const _event of model.stream({
      messages: [{ role: 'user', content: 'hi' }],
      tools: [],
    })) {
      // The call fails before any event; nothing to keep.
    }
  } catch {
    // The failure is what was explained, read above.
  } finally {
    if (before === undefined) delete process.env.OPENAI_API_KEY;
    else process.env.OPENAI_API_KEY = before;
  }
  return explained ?? { notExplained: true };
}

/** A port that was free a moment ago and has nothing listening on it now. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
