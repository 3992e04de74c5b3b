import { existsSync, statSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { AgentRunOptions, AgentRunResult, ToolResultMeta } from '@agent-course/core';
import { createSandbox } from '@agent-course/sandbox';
import { createApprover } from './create-approver';
import { createTerminalRenderer } from './create-terminal-renderer';
import { openModel } from './open-model';
import type { Scenario } from './open-model';
import { createUsage, parseCommandLine } from './parse-command-line';
import { runSelfTest } from './run-self-test';

/** What a day brings to `pnpm start`; everything else is the same for every day. */
export interface DayCommandLine<Registry> {
  /** The first line of the help: what this day's agent does. */
  summary: string;
  /** The tools the model may call. */
  registry: Registry;
  /** The day's agent loop. */
  runAgent(options: AgentRunOptions<Registry>): Promise<AgentRunResult>;
  /** The turns a run takes when --max-turns is not given. */
  defaultMaxTurns: number;
  /** What the offline model (MOCK=1) plays, and the troubles INJECT can add. */
  scenario: Scenario;
  /**
   * True when the day's tools write files or run commands. A real model working on a repository
   * given with --cwd then asks before each such call, unless --yes is given; the offline and
   * replayed models, and the generated sandbox, are never asked about.
   */
  writes?: boolean;
}

/** One result as the transcript records it. */
interface TranscriptResult {
  toolCallId: string;
  name: string;
  ok: boolean;
  contentChars: number;
  meta?: ToolResultMeta;
}

/**
 * `pnpm start` for a day: reads the command line and the environment, runs the day's agent once
 * with its cards on the terminal, and sets the exit code (0 done, 1 stopped, 2 a bad command line
 * or setting, 130 cancelled). A bug in the day ends in one sentence, not a stack.
 */
export function runCommandLine<Registry>(day: DayCommandLine<Registry>): void {
  // Piped into `head` or a closed pager: stop quietly instead of crashing on EPIPE.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(0);
    throw error;
  });
  runOnce(day).then(
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
}

async function runOnce<Registry>(day: DayCommandLine<Registry>): Promise<number> {
  if (process.env.SELFTEST === '1') return runSelfTest({ mainFile: process.argv[1] ?? '' });

  const usage = createUsage({
    summary: day.summary,
    defaultMaxTurns: day.defaultMaxTurns,
    injections: day.scenario.injections,
  });
  const parsed = parseCommandLine({
    args: process.argv.slice(2),
    defaultMaxTurns: day.defaultMaxTurns,
  });
  if (!parsed.ok) {
    process.stderr.write(`${parsed.error}\n\n${usage}`);
    return 2;
  }
  const options = parsed.value;
  if (options.help) {
    process.stdout.write(usage);
    return 0;
  }

  const inject = process.env.INJECT || undefined;
  const injections = Object.keys(day.scenario.injections);
  if (inject && !injections.includes(inject)) {
    process.stderr.write(`INJECT=${inject} is not known; use one of: ${injections.join(', ')}.\n`);
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

  // Writing to a person's repository with a real model: ask first, or refuse where nobody can answer.
  const realModel = process.env.MOCK !== '1' && !process.env.REPLAY?.trim();
  const mustAsk = day.writes === true && explicitCwd !== undefined && realModel && !options.yes;
  if (mustAsk && !process.stdin.isTTY) {
    process.stderr.write(
      `--cwd ${options.cwd}: the agent would change files and run commands there, and there is no terminal to ask you before each one; run it in a terminal, or pass --yes to allow them without asking.\n`,
    );
    return 2;
  }

  const model = await openModel({ env: process.env, inject, scenario: day.scenario });
  if (!model.ok) {
    process.stderr.write(`${model.error}\n`);
    return 2;
  }
  const sandbox = explicitCwd === undefined ? await createSandbox() : undefined;
  const cwd = explicitCwd ?? sandbox!.directory;

  let run: AgentRunResult;
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
    run = await day.runAgent({
      model: model.value.client,
      registry: day.registry,
      cwd,
      question: options.question,
      maxTurns: options.maxTurns,
      signal: controller.signal,
      ...(mustAsk
        ? {
            approve: createApprover({
              input: process.stdin,
              output: process.stdout,
              signal: controller.signal,
            }),
          }
        : {}),
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
