import { createOpenAIModel, startLoopbackServer } from '@agent-course/core';
import type { ToolResult } from '@agent-course/core';
import { runAgent } from './run-agent';
import type { RunAgentResult } from './run-agent';
import type { ToolRegistry } from './tool-registry';

/** What a test needs to run the agent against a fake endpoint. */
export interface RunAgentOnLoopbackOptions {
  /** Turns each request body into the chunks to stream back, as the loopback server does. */
  respond(body: unknown): unknown[] | Promise<unknown[]>;
  /** The tools the model may call. */
  registry: ToolRegistry;
  /** The working directory the tools are confined to. */
  cwd: string;
}

/** A finished run and everything that crossed the wire or came back from the tools. */
export interface LoopbackRun {
  /** What runAgent returned. */
  run: RunAgentResult;
  /** Every tool result in the order the calls ran, meta included. */
  results: ToolResult[];
  /** Every request body the endpoint received, parsed from JSON. */
  requestBodies: unknown[];
}

/**
 * For tests: runs the agent against a loopback endpoint through the real `openai` client, so a
 * run covers SSE parsing and chunk conversion as well, and records what the model was sent.
 */
export async function runAgentOnLoopback(options: RunAgentOnLoopbackOptions): Promise<LoopbackRun> {
  const requestBodies: unknown[] = [];
  const server = await startLoopbackServer({
    respond(body) {
      requestBodies.push(body);
      return options.respond(body);
    },
  });
  const results: ToolResult[] = [];
  try {
    const run = await runAgent({
      // No retries: a retried request would be recorded twice and hide what went wrong.
      model: createOpenAIModel({
        apiKey: 'loopback',
        baseURL: server.baseURL,
        model: 'loopback',
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
