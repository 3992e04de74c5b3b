import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createMockModel, createOpenAIModel, readModelConfig } from '@agent-course/core';
import type { ModelClient, ToolResultMeta } from '@agent-course/core';
import { createSandbox } from '@agent-course/sandbox';
import { createTerminalRenderer } from './create-terminal-renderer';
import { INJECTIONS, createMockScript } from './mock-script';
import type { Injection } from './mock-script';
import { readOnlyTools } from './read-only-tools';
import { DEFAULT_MAX_TURNS, runAgent } from './run-agent';
import { createToolRegistry } from './tool-registry';

/** The day this package belongs to, for the self-test. */
const DAY = 'd3';
const DEFAULT_QUESTION = 'Why are the tests in this repository red?';
/** The offline model's seed and stream quirks: index from 1 and interleaved parallel calls, as real gateways do. */
const MOCK_SEED = 3;

const USAGE = `Usage: pnpm start [question] [options]

Runs the day-3 agent: it answers a question about a repository using glob, grep and read_file.

Options:
  --cwd DIR            the repository to explore (default: a freshly generated sandbox)
  --max-turns N        stop after N model turns (default ${DEFAULT_MAX_TURNS})
  --transcript FILE    write the conversation and every result as JSON to FILE
  -h, --help           show this help

Environment:
  MOCK=1               use the offline scripted model (no key needed)
  INJECT=bad_args      with MOCK=1: send broken arguments first, then recover
  INJECT=unknown_tool  with MOCK=1: call a tool that does not exist, then recover
  SELFTEST=1           grade this package with the course grader instead of running
  OPENAI_API_KEY, OPENAI_BASE_URL, MODEL   the real endpoint when MOCK is not set
  NO_COLOR=1           plain output
`;

/** One result as the transcript records it. */
interface TranscriptResult {
  toolCallId: string;
  name: string;
  ok: boolean;
  contentChars: number;
  meta?: ToolResultMeta;
}

async function main(): Promise<number> {
  // Piped into `head` or a closed pager: stop quietly instead of crashing on EPIPE.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(0);
    throw error;
  });
  const packageDirectory = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  if (process.env.SELFTEST === '1') return selfTest(packageDirectory);

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

  const inject = process.env.INJECT;
  if (inject && !INJECTIONS.includes(inject as Injection)) {
    process.stderr.write(`INJECT=${inject} is not known; use one of: ${INJECTIONS.join(', ')}.\n`);
    return 2;
  }

  const model = await openModel({ inject: inject as Injection | undefined });
  if (!model.ok) {
    process.stderr.write(`${model.error}\n`);
    return 2;
  }

  // pnpm runs the script inside the package; a relative --cwd means relative to where the person typed.
  const invokedFrom = process.env.INIT_CWD ?? process.cwd();
  const sandbox = options.cwd ? undefined : await createSandbox();
  const cwd = options.cwd ? resolve(invokedFrom, options.cwd) : sandbox!.directory;
  if (!existsSync(cwd)) {
    process.stderr.write(`--cwd ${options.cwd}: no such directory; pass a repository's path.\n`);
    await model.close();
    return 2;
  }

  const controller = new AbortController();
  const onInterrupt = () => {
    if (controller.signal.aborted) process.exit(130);
    process.stderr.write('\nStopping... (press Ctrl-C again to quit at once)\n');
    controller.abort();
  };
  process.on('SIGINT', onInterrupt);

  const render = createTerminalRenderer({ write: (text) => process.stdout.write(text) });
  const results: TranscriptResult[] = [];
  process.stdout.write(`? ${options.question}\n`);
  const run = await runAgent({
    model: model.client,
    registry: createToolRegistry(readOnlyTools),
    cwd,
    question: options.question,
    maxTurns: options.maxTurns,
    signal: controller.signal,
    onEvent: (event) => {
      render(event);
      if (event.type === 'tool-result') {
        const { call, result } = event;
        results.push({
          toolCallId: call.id,
          name: call.name,
          ok: result.ok,
          contentChars: result.content.length,
          ...(result.meta ? { meta: result.meta } : {}),
        });
      }
    },
  });
  process.off('SIGINT', onInterrupt);
  await model.close();

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
  await sandbox?.cleanup();

  if (run.stopReason === 'done') return 0;
  process.stderr.write(`\nStopped: ${run.error}\n`);
  return run.stopReason === 'aborted' ? 130 : 1;
}

/** The parsed command line. */
interface CommandLine {
  question: string;
  cwd?: string;
  maxTurns: number;
  transcript?: string;
  help: boolean;
}

function parseCommandLine(
  args: string[],
): { ok: true; value: CommandLine } | { ok: false; error: string } {
  let values;
  let positionals;
  try {
    ({ values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: {
        cwd: { type: 'string' },
        'max-turns': { type: 'string' },
        transcript: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
  const maxTurns =
    values['max-turns'] === undefined ? DEFAULT_MAX_TURNS : Number(values['max-turns']);
  if (!Number.isInteger(maxTurns) || maxTurns < 1) {
    return {
      ok: false,
      error: `--max-turns takes a whole number of at least 1, not "${values['max-turns']}".`,
    };
  }
  return {
    ok: true,
    value: {
      question: positionals.join(' ').trim() || DEFAULT_QUESTION,
      cwd: values.cwd,
      maxTurns,
      transcript: values.transcript,
      help: values.help ?? false,
    },
  };
}

/** The scripted model through the loopback server when MOCK=1, otherwise the configured endpoint. */
async function openModel({
  inject,
}: {
  inject?: Injection;
}): Promise<
  { ok: true; client: ModelClient; close(): Promise<void> } | { ok: false; error: string }
> {
  if (process.env.MOCK === '1') {
    const mock = await createMockModel({
      steps: createMockScript({ inject }),
      seed: MOCK_SEED,
      quirks: { indexBase: 1, interleave: true, headsOutOfOrder: true },
    });
    return { ok: true, client: mock.model, close: mock.close };
  }
  if (inject) return { ok: false, error: 'INJECT only works with the offline model; add MOCK=1.' };
  const config = readModelConfig(process.env);
  if (!config.ok) return config;
  return { ok: true, client: createOpenAIModel(config.value), close: async () => {} };
}

/** SELFTEST=1: grade this very package with the course grader, as `pnpm grade` would. */
function selfTest(packageDirectory: string): Promise<number> {
  const grader = join(packageDirectory, '..', '..', 'grader', 'src', 'main.ts');
  if (!existsSync(grader)) {
    process.stderr.write(
      `SELFTEST needs the course grader at ${grader}; run it from a clone of the course kit.\n`,
    );
    return Promise.resolve(2);
  }
  const child = spawn(
    process.execPath,
    ['--import', import.meta.resolve('tsx'), grader, DAY, '--lab', packageDirectory],
    { stdio: 'inherit' },
  );
  return new Promise((done) => child.on('exit', (code) => done(code ?? 1)));
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
