import { existsSync, statSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ToolResultMeta } from '@agent-course/core';
import { createSandbox } from '@agent-course/sandbox';
import { createTerminalRenderer } from './create-terminal-renderer';
import { INJECTIONS } from './mock-script';
import type { Injection } from './mock-script';
import { openModel } from './open-model';
import { USAGE, parseCommandLine } from './parse-command-line';
import { readOnlyTools } from './read-only-tools';
import { runAgent } from './run-agent';
import type { RunAgentResult } from './run-agent';
import { runSelfTest } from './run-self-test';
import { createToolRegistry } from './tool-registry';

/** The day this package belongs to, for the self-test. */
const DAY = 'd3';

/** One result as the transcript records it. */
interface TranscriptResult {
  toolCallId: string;
  name: string;
  ok: boolean;
  contentChars: number;
  meta?: ToolResultMeta;
}

/** `pnpm start`: runs the agent once and resolves to the process's exit code. */
async function main(): Promise<number> {
  // Piped into `head` or a closed pager: stop quietly instead of crashing on EPIPE.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(0);
    throw error;
  });
  const packageDirectory = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  if (process.env.SELFTEST === '1') return runSelfTest({ day: DAY, packageDirectory });

  const parsed = parseCommandLine(process.argv.slice(2));
  if (!parsed.ok) {
    process.stderr.write(`${parsed.error}\n\n${USAGE}`);
    return 2;
  }
  const options = parsed.value;
  if (options.help) {
    process.stdout.write(USAGE);
    return 0;
  }

  const inject = process.env.INJECT || undefined;
  if (inject && !INJECTIONS.includes(inject as Injection)) {
    process.stderr.write(`INJECT=${inject} is not known; use one of: ${INJECTIONS.join(', ')}.\n`);
    return 2;
  }

  // pnpm runs the script inside the package; a relative --cwd means relative to where the person typed.
  const invokedFrom = process.env.INIT_CWD ?? process.cwd();
  const explicitCwd = options.cwd === undefined ? undefined : resolve(invokedFrom, options.cwd);
  if (explicitCwd !== undefined) {
    const problem = !existsSync(explicitCwd)
      ? "no such directory; pass a repository's path."
      : !statSync(explicitCwd).isDirectory()
        ? "a file, not a directory; pass a repository's folder."
        : undefined;
    if (problem) {
      process.stderr.write(`--cwd ${options.cwd}: ${problem}\n`);
      return 2;
    }
  }

  const model = await openModel({ env: process.env, inject: inject as Injection | undefined });
  if (!model.ok) {
    process.stderr.write(`${model.error}\n`);
    return 2;
  }
  const sandbox = explicitCwd === undefined ? await createSandbox() : undefined;
  const cwd = explicitCwd ?? sandbox!.directory;

  let run: RunAgentResult;
  const controller = new AbortController();
  const onInterrupt = () => {
    if (controller.signal.aborted) process.exit(130);
    process.stderr.write('\nStopping... (press Ctrl-C again to quit at once)\n');
    controller.abort();
  };
  process.on('SIGINT', onInterrupt);

  const results: TranscriptResult[] = [];
  try {
    const render = createTerminalRenderer({ write: (text) => process.stdout.write(text) });
    process.stdout.write(`? ${options.question}\n`);
    run = await runAgent({
      model: model.value.client,
      registry: createToolRegistry(readOnlyTools),
      cwd,
      question: options.question,
      maxTurns: options.maxTurns,
      signal: controller.signal,
      onEvent: (event) => {
        render(event);
        if (event.type !== 'tool-result') return;
        const { call, result } = event;
        results.push({
          toolCallId: call.id,
          name: call.name,
          ok: result.ok,
          contentChars: result.content.length,
          ...(result.meta ? { meta: result.meta } : {}),
        });
      },
    });
  } finally {
    // Even when the run dies on a bug, the loopback server and the sandbox do not outlive it.
    process.off('SIGINT', onInterrupt);
    await model.value.close();
    await sandbox?.cleanup();
  }

  if (options.transcript) {
    const transcript = {
      question: options.question,
      cwd,
      stopReason: run.stopReason,
      messages: run.messages,
      results,
    };
    await writeFile(
      resolve(invokedFrom, options.transcript),
      `${JSON.stringify(transcript, null, 2)}\n`,
    );
  }

  if (run.stopReason === 'done') return 0;
  process.stderr.write(`\nStopped: ${run.error}\n`);
  return run.stopReason === 'aborted' ? 130 : 1;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    // Reaching here means a bug in the lab itself: say where to look rather than print a stack.
    const reason = error instanceof Error ? error.message : String(error);
    process.stderr.write(
      `The agent stopped on an unexpected error: ${reason}\n` +
        'Tool problems should come back as failed results (see src/tool-registry.ts); ' +
        'set DEBUG=1 to print the stack.\n',
    );
    if (process.env.DEBUG && error instanceof Error) process.stderr.write(`${error.stack}\n`);
    process.exitCode = 1;
  },
);
