// The package's own test: what every later day relies on from day 1's finished reader, through the
// real SDK and the model client. The code itself is tested where it is written, in solutions/d1;
// these tests guard the seam between day 1 and the days that run on it.
import { afterEach, describe, expect, it } from 'vitest';
import { createOpenAIModel, questionWriter } from '@agent-course/core';
import type { StreamEvent } from '@agent-course/core';
import { createScriptedModel, startLoopbackServer } from '@agent-course/core/offline';
import type { LoopbackServer, RespondToChat } from '@agent-course/core/offline';
import { streamReader } from './index';

let server: LoopbackServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function streamFrom(respond: RespondToChat): Promise<StreamEvent[]> {
  server = await startLoopbackServer({ respond });
  const model = createOpenAIModel({
    apiKey: 'sk-test-never-shown',
    baseURL: server.baseURL,
    model: 'm',
    maxRetries: 0,
    reader: streamReader,
    writer: questionWriter,
  });
  const events: StreamEvent[] = [];
  for await (const event of model.stream({
    messages: [{ role: 'user', content: 'hello' }],
    tools: [],
  })) {
    events.push(event);
  }
  return events;
}

describe('@agent-course/finished-d1', () => {
  it('reads a stream into text, its usage and one finish, last, through the client', async () => {
    const scripted = createScriptedModel({ steps: [() => ({ text: 'One two three four.' })] });
    const events = await streamFrom((body) => scripted.respond(body));
    const text = events.flatMap((event) => (event.type === 'text-delta' ? [event.text] : []));
    expect(text.join('')).toBe('One two three four.');
    // 'hello' is 5 characters and the answer 19: 2 and 5 scripted tokens of 4 characters.
    expect(events.slice(-2)).toEqual([
      { type: 'usage', promptTokens: 2, completionTokens: 5 },
      { type: 'finish', finishReason: 'stop' },
    ]);
  });

  it('explains a refused key by the variable that holds it, never by the key', async () => {
    const failure = streamFrom(() => ({
      status: 401,
      errorMessage: 'Incorrect API key provided.',
    }));
    const error = await failure.then(
      () => undefined,
      (thrown: unknown) => thrown as Error,
    );
    expect(error?.message).toMatch(/401: Incorrect API key provided\..*OPENAI_API_KEY/);
    expect(error?.message).not.toContain('sk-test-never-shown');
  });
});
