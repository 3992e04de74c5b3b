import { parseArgs } from 'node:util';

/** The question asked when none is given on the command line. */
export const DEFAULT_QUESTION = 'Why are the tests in this repository red?';

/** Where the help's descriptions start, after the two-space indent: the width of the names' column. */
const USAGE_COLUMN = 21;

/** What `pnpm start --help` prints, and what a bad command line is answered with. */

export function createUsage({
  summary,
  defaultMaxTurns,
  injections,
  chat = false,
}: {
  /** What the day's agent does, in one sentence. */
  summary: string;
  /** The turns a run takes when --max-turns is not given. */
  defaultMaxTurns: number;
  /** Each trouble INJECT can cause, by name, with what it does. */
  injections: Record<string, string>;
  /** True for a day that chats: its lines come from the person, not from one question. */
  chat?: boolean;
}): string {
  const injectionLines = Object.entries(injections).map(([name, description]) => {
    const label = `INJECT=${name}`;
    // A name too long for the column gets a line of its own, so it never runs into its text.
    const lead =
      label.length < USAGE_COLUMN - 1
        ? label.padEnd(USAGE_COLUMN)
        : `${label}\n  ${' '.repeat(USAGE_COLUMN)}`;
    return `  ${lead}with MOCK=1: ${description}\n`;
  });
  const [command, input, turns] = chat
    ? [
        'pnpm start [first line] [options]',
        `Type a line and press Enter for each turn: Ctrl-C stops the answer being written, Ctrl-D
(or Ctrl-C while you type) ends the chat. Lines piped to stdin are sent one a turn; with
MOCK=1 a scripted person types them.
`,
        `end the chat after N turns (default ${defaultMaxTurns})`,
      ]
    : [
        'pnpm start [question | -] [options]',
        '',
        `stop after N model turns (default ${defaultMaxTurns})`,
      ];
  return `Usage: ${command}

${summary}
${input ? `\n${input}` : ''}
Options:
${chat ? '' : '  -                    read the question from stdin, to its end, instead of typing it here\n'}  --cwd DIR            the repository to explore (default: a freshly generated sandbox)
  --max-turns N        ${turns}
  --transcript FILE    write the conversation and every result as JSON to FILE
  --yes                from day 4: with --cwd and a real model, write and run commands without asking
  -h, --help           show this help

Environment:
  MOCK=1               use the offline scripted model (no key needed)
${injectionLines.join('')}  SELFTEST=1           grade this package with the course grader instead of running
  OPENAI_API_KEY, OPENAI_BASE_URL, MODEL   the real endpoint when MOCK is not set
  PASS_ENV=NAME,...    from day 4: give commands these variables, though they look like credentials
  ISOLATE=0            from day 4: run commands without namespaces of their own (they can then
                       read whatever you can, the agent's own environment included)
  RECORD=FILE.jsonl    keep every turn's raw chunks in FILE (requests without the key)
  REPLAY=FILE.jsonl    run offline from a RECORD file instead of a model
  STREAM=0             ask without streaming, for endpoints that need it
  NO_COLOR=1           plain output, even on a terminal
  FORCE_COLOR=1        colored output, even into a pipe or a file (wins over NO_COLOR)
`;
}

/** The command line, understood. */
export interface CommandLine {
  /** The question for the agent; empty when it is to be read from stdin. */
  question: string;
  /** True when the question was given as `-`: it is read from stdin, to its end. */
  questionFromStdin: boolean;
  /** The repository to explore, as typed; a fresh sandbox when absent. */
  cwd?: string;
  /** The most model turns to take. */
  maxTurns: number;
  /** Where to write the JSON transcript, as typed. */
  transcript?: string;
  /** True when the person asked for help. */
  help: boolean;
  /** True when writes and commands may run without asking, even on a real repository. */
  yes: boolean;
}

/** Reads the arguments after `pnpm start`; a mistake comes back as a sentence, never a throw. */
export function parseCommandLine({
  args,
  defaultMaxTurns,
  defaultQuestion = DEFAULT_QUESTION,
}: {
  /** The arguments after `pnpm start`. */
  args: string[];
  /** The turns a run takes when --max-turns is not given. */
  defaultMaxTurns: number;
  /** The question asked when none is given. */
  defaultQuestion?: string;
}): { ok: true; value: CommandLine } | { ok: false; error: string } {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: {
        cwd: { type: 'string' },
        'max-turns': { type: 'string' },
        transcript: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
        yes: { type: 'boolean' },
      },
    });
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
  const { values, positionals } = parsed;
  const maxTurns =
    values['max-turns'] === undefined ? defaultMaxTurns : Number(values['max-turns']);
  if (!Number.isInteger(maxTurns) || maxTurns < 1) {
    return {
      ok: false,
      error: `--max-turns takes a whole number of at least 1, not "${values['max-turns']}".`,
    };
  }
  // `-` for stdin, as cat and most tools read it: a long question, or one a program writes.
  const questionFromStdin = positionals.length === 1 && positionals[0] === '-';
  return {
    ok: true,
    value: {
      question: questionFromStdin ? '' : positionals.join(' ').trim() || defaultQuestion,
      questionFromStdin,
      cwd: values.cwd,
      maxTurns,
      transcript: values.transcript,
      help: values.help ?? false,
      yes: values.yes ?? false,
    },
  };
}
