import { createOpenAIModel } from '../openai/create-openai-model';
import { startLoopbackServer } from '../offline/loopback-server';
import type { AgentRunOptions } from '../protocol/agent-run';
import type { MessageWriter } from '../openai/message-writer';
import type { StreamReader } from '../openai/stream-reader';
import type { ToolResult } from '../protocol/tool-def';

/** What a test needs to run an agent loop against a fake endpoint. */
export interface RunAgentOnLoopbackOptions<Registry, Run> {
  /** The day's agent loop. */
  runAgent(options: AgentRunOptions<Registry>): Promise<Run>;
  /** Turns each request body into the chunks to stream back, as the loopback server does. */
  respond(body: unknown): unknown[] | Promise<unknown[]>;
  /** The tools the model may call. */
  registry: Registry;
  /** The working directory the tools are confined to. */
  cwd: string;
  /** Reads the chunks and failures: day 1's code (see StreamReader). */
  reader: StreamReader;
  /** Writes the conversation for the wire: day 2's code (see MessageWriter). */
  writer: MessageWriter;
}

/** A finished run and everything that crossed the wire or came back from the tools. */
export interface LoopbackRun<Run> {
  /** What the agent loop returned. */
  run: Run;
  /** Every tool result in the order the calls ran, meta included. */
  results: ToolResult[];
  /** Every request body the endpoint received, parsed from JSON. */
  requestBodies: unknown[];
}

/**
 * For tests: runs an agent loop against a loopback endpoint through the real `openai` client, so
 * a run covers SSE parsing and chunk conversion as well, and records what the model was sent.
 */
export async function runAgentOnLoopback<Registry, Run>(
  options: RunAgentOnLoopbackOptions<Registry, Run>,
): Promise<LoopbackRun<Run>> {
  const requestBodies: unknown[] = [];
  const server = await startLoopbackServer({
    respond(body) {
      requestBodies.push(body);
      return options.respond(body);
    },
  });
  const results: ToolResult[] = [];
  try {
    const run = await options.runAgent({
      // No retries: a retried request would be recorded twice and hide what went wrong.
      model: createOpenAIModel({
        apiKey: 'loopback',
        baseURL: server.baseURL,
        model: 'loopback',
        reader: options.reader,
        writer: options.writer,
        maxRetries: 0,
      }),
      registry: options.registry,
      cwd: options.cwd,
      question: 'Why does the divide test fail?',
      onEvent: (event) => {
        if (event.type === 'tool-result') results.push(event.result);
      },
    });
    return { run, results, requestBodies };
  } finally {
    await server.close();
  }
}
