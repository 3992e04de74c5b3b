import { existsSync, statSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { escapeControlCharacters, questionWriter } from '@agent-course/core';
import type {
  AgentEvent,
  AgentRunOptions,
  AgentRunResult,
  MessageWriter,
  Person,
  StreamReader,
  ToolCall,
  ToolResultMeta,
} from '@agent-course/core';
import type { MockTransport } from '@agent-course/core/offline';
import { createSandbox } from '@agent-course/sandbox';
import { describeCommandReach } from '@agent-course/workspace';
import { PROMPT } from './create-line-person';
import { createScriptedPerson } from './create-scripted-person';
import { createTerminalRenderer } from './create-terminal-renderer';
import { jsonForTerminal } from './json-for-terminal';
import { openModel } from './open-model';
import type { Scenario } from '@agent-course/core/offline';
import { createUsage, parseCommandLine } from './parse-command-line';

/** What a day brings to `pnpm start`; everything else is the same for every day. */
export interface DayCommandLine<Registry> {
  /** The first line of the help: what this day's agent does. */
  summary: string;
  /** The tools the model may call. */
  registry: Registry;
  /** The day's agent loop. */
  runAgent(options: AgentRunOptions<Registry>): Promise<AgentRunResult>;
  /**
   * How the model's stream is read and a failed call put into words: day 1's exercises on day 1,
   * `streamReader` from `@agent-course/finished-d1` on every day after it.
   */
  reader: StreamReader;
  /**
   * How the conversation is written for the wire: day 2's exercise on day 2, `messageWriter` from
   * `@agent-course/finished-d2` on every day after it. Day 1, which sends one question, needs none
   * (`questionWriter`).
   */
  writer?: MessageWriter;
  /** The turns a run takes when --max-turns is not given. */
  defaultMaxTurns: number;
  /** The question asked when none is given; by default, why the repository's tests are red. */
  defaultQuestion?: string;
  /** What the offline model (MOCK=1) plays, and the troubles INJECT can add. */
  scenario: Scenario;
  /**
   * True when the day's tools write files or run commands. A real model working on a repository
   * given with --cwd then asks before each such call, unless --yes is given; the offline and
   * replayed models, and the generated sandbox, are never asked about.
   */
  writes?: boolean;
  /**
   * True when the day's agent chats: the person sends the lines, one turn each, from a terminal,
   * from stdin or, with MOCK=1, from the scenario's scripted person; a question typed on the
   * command line is only the first of them.
   */
  chat?: boolean;
}

/**
 * Where a run reads its settings and writes what it shows: the process's own for `pnpm start`,
 * or the grader's, which drives a day in its check process without starting another.
 */
export interface CommandLineIo {
  /** MOCK, INJECT, REPLAY, the model settings, and INIT_CWD (where relative paths start). */
  env: NodeJS.ProcessEnv;
  /** Receives the question, the cards and the help. */
  stdout(text: string): void;
  /** Receives what went wrong and how to fix it. */
  stderr(text: string): void;
  /** Aborting it stops the run as Ctrl-C does. */
  signal?: AbortSignal;
  /** Asks the person whether a call that writes or runs may go ahead; absent when nobody can answer. */
  ask?: (call: ToolCall) => Promise<boolean>;
  /**
   * Reads stdin to its end, for a question given as `-`; undefined past `maxChars`. Absent where
   * there is no stdin to read, as in the grader's check process.
   */
  readStdin?: (options: { maxChars: number }) => Promise<string | undefined>;
  /**
   * How MOCK=1 reaches the scripted model: over a loopback connection (the default, what
   * `pnpm start` does) or in process, which the grader's check process asks for.
   */
  mockTransport?: MockTransport;
  /**
   * On a day that chats: the person at this process's terminal or stdin, whose first line is
   * `first` when one was typed on the command line. Absent where nobody can type, as in the
   * grader's check process: there the chat has only that first line (or, with MOCK=1, the script).
   */
  openPerson?: (options: { first?: string; write: (text: string) => void }) => {
    person: Person;
    close(): void;
  };
}

/** The longest question read from stdin: a question, not a file to be sent whole every turn. */
export const MAX_QUESTION_CHARS = 100_000;

/** One result as the transcript records it. */
interface TranscriptResult {
  toolCallId: string;
  name: string;
  ok: boolean;
  contentChars: number;
  meta?: ToolResultMeta;
}

/**
 * The command line's logic, without the process around it: reads `args` and `io.env`, runs the
 * day's agent once with its cards on `io.stdout`, and returns the exit code (0 done, 1 stopped,
 * 2 a bad command line or setting, 130 cancelled). It never exits, installs no signal handler and
 * writes nowhere but `io` and the --transcript file, so it can run many times in one process.
 */
export async function main<Registry>({
  day,
  args,
  io,
}: {
  day: DayCommandLine<Registry>;
  args: string[];
  io: CommandLineIo;
}): Promise<number> {
  const usage = createUsage({
    summary: day.summary,
    defaultMaxTurns: day.defaultMaxTurns,
    injections: day.scenario.injections,
    chat: day.chat === true,
  });
  const parsed = parseCommandLine({
    args,
    defaultMaxTurns: day.defaultMaxTurns,
    // A chat asks the person when no question is typed, so it has no question of its own.
    defaultQuestion: day.chat ? '' : day.defaultQuestion,
  });
  if (!parsed.ok) {
    io.stderr(`${parsed.error}\n\n${usage}`);
    return 2;
  }
  const options = parsed.value;
  if (options.help) {
    io.stdout(usage);
    return 0;
  }

  // A chat reads its lines from stdin itself, so `-` there means what no question means.
  const question = day.chat
    ? { ok: true as const, text: options.questionFromStdin ? '' : options.question }
    : options.questionFromStdin
      ? await readQuestion(io)
      : { ok: true as const, text: options.question };
  if (!question.ok) {
    io.stderr(`${question.error}\n`);
    return 2;
  }

  const inject = io.env.INJECT || undefined;
  const injections = Object.keys(day.scenario.injections);
  if (inject && !injections.includes(inject)) {
    io.stderr(`INJECT=${inject} is not known; use one of: ${injections.join(', ')}.\n`);
    return 2;
  }

  // pnpm runs the script inside the package; a relative --cwd means relative to where the person typed.
  const invokedFrom = io.env.INIT_CWD ?? process.cwd();
  const explicitCwd = options.cwd === undefined ? undefined : resolve(invokedFrom, options.cwd);
  if (explicitCwd !== undefined) {
    const problem = !existsSync(explicitCwd)
      ? "no such directory; pass a repository's path."
      : !statSync(explicitCwd).isDirectory()
        ? "a file, not a directory; pass a repository's folder."
        : undefined;
    if (problem) {
      io.stderr(`--cwd ${options.cwd}: ${problem}\n`);
      return 2;
    }
  }

  // Writing to a person's repository with a real model: ask first, or refuse where nobody can answer.
  const realModel = io.env.MOCK !== '1' && !io.env.REPLAY?.trim();
  const mustAsk = day.writes === true && explicitCwd !== undefined && realModel && !options.yes;
  if (mustAsk && !io.ask) {
    io.stderr(
      `--cwd ${options.cwd}: the agent would change files and run commands there, and there is no terminal to ask you before each one; run it in a terminal, or pass --yes to allow them without asking.\n`,
    );
    return 2;
  }

  const model = await openModel({
    env: io.env,
    inject,
    scenario: day.scenario,
    reader: day.reader,
    writer: day.writer ?? questionWriter,
    ...(io.mockTransport ? { mockTransport: io.mockTransport } : {}),
  });
  if (!model.ok) {
    io.stderr(`${model.error}\n`);
    return 2;
  }
  const sandbox = explicitCwd === undefined ? await createSandbox() : undefined;
  const cwd = explicitCwd ?? sandbox!.directory;

  let run: AgentRunResult;
  const results: TranscriptResult[] = [];
  let atLineStart = true;
  const write = (text: string) => {
    if (text === '') return;
    io.stdout(text);
    atLineStart = text.endsWith('\n');
  };
  // What the person sends starts a line of its own, even after an answer that ended mid-line.
  const writeForPerson = (text: string) => {
    if (text.startsWith(PROMPT) && !atLineStart) write('\n');
    write(text);
  };
  const chat = day.chat
    ? openChatPerson({ day, io, inject, first: question.text, write: writeForPerson })
    : undefined;
  try {
    const render = createTerminalRenderer({ write });
    if (!chat) write(`? ${question.text}\n`);
    // What the commands it may run can reach, before the first of them runs.
    if (day.writes) io.stdout(`· ${escapeControlCharacters(await describeCommandReach(io.env))}\n`);
    run = await day.runAgent({
      model: model.value.client,
      registry: day.registry,
      cwd,
      question: question.text,
      maxTurns: options.maxTurns,
      signal: io.signal ?? new AbortController().signal,
      ...(mustAsk && io.ask ? { approve: io.ask } : {}),
      ...(chat ? { person: chat.person } : {}),
      onEvent: (event) => {
        render(event);
        chat?.saw(event);
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
    chat?.close();
    await model.value.close();
    await sandbox?.cleanup();
  }

  if (options.transcript) {
    const transcript = {
      question: question.text,
      cwd,
      stopReason: run.stopReason,
      messages: run.messages,
      results,
    };
    await writeFile(resolve(invokedFrom, options.transcript), `${jsonForTerminal(transcript)}\n`);
  }

  if (run.stopReason === 'done') return 0;
  io.stderr(`\nStopped: ${run.error}\n`);
  return run.stopReason === 'aborted' ? 130 : 1;
}

/**
 * Who a chat day talks with: the scenario's scripted person under MOCK=1, the one at this
 * process's terminal or stdin where there is one, or else nobody but the typed question.
 */
function openChatPerson<Registry>(options: {
  day: DayCommandLine<Registry>;
  io: CommandLineIo;
  inject: string | undefined;
  first: string;
  write: (text: string) => void;
}): { person: Person; saw(event: AgentEvent): void; close(): void } {
  const { day, io, inject, first, write } = options;
  const script = day.scenario.person?.(inject);
  if (io.env.MOCK === '1' && script) {
    const scripted = createScriptedPerson({ lines: script, write, first });
    return { ...scripted, close: () => {} };
  }
  if (io.openPerson) {
    const opened = io.openPerson({ first, write });
    return { ...opened, saw: () => {} };
  }
  const scripted = createScriptedPerson({ lines: first ? [{ text: first }] : [], write });
  return { ...scripted, close: () => {} };
}

/** The question given as `-`, read from stdin: a sentence saying what to do when there is none. */
async function readQuestion(
  io: CommandLineIo,
): Promise<{ ok: true; text: string } | { ok: false; error: string }> {
  if (!io.readStdin) {
    return {
      ok: false,
      error: 'there is no stdin to read the question from here; type the question instead of -',
    };
  }
  const given = await io.readStdin({ maxChars: MAX_QUESTION_CHARS });
  if (given === undefined) {
    return {
      ok: false,
      error: `the question on stdin is over ${MAX_QUESTION_CHARS.toLocaleString('en-US')} characters; ask a shorter one, and let the agent read files itself`,
    };
  }
  const text = given.trim();
  if (text === '') {
    return {
      ok: false,
      error:
        "stdin ended without a question; pipe one in (echo 'What does this repository do?' | pnpm start -) or type it instead of -",
    };
  }
  return { ok: true, text };
}
