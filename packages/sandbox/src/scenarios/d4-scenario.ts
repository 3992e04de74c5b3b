import type { Message } from '@agent-course/core';
import type { Scenario, ScriptStep, ScriptedTurn } from '@agent-course/core/offline';

/** The file the sandbox's red test points at, and the command that runs that test once. */
const TARGET = 'src/calc.js';
const TEST_COMMAND = 'node --test test/calc.test.js';
/** Watch mode reruns the tests on every change and never exits: the command that hangs. */
const HANGING_COMMAND = 'node --test --watch test/calc.test.js';
const HANGING_LIMIT_MS = 2000;
/** What INJECT=stale_file writes into the file between the read and the edit, as a person would. */
export const PERSON_NOTE = '// A note a person saved while the agent was working.';

/** The most turns a run may need: an injected detour adds at most three to the plain five. */
const MOST_TURNS = 10;

/**
 * What `MOCK=1 pnpm start` plays for day 4: "make the tests pass". The model reads src/calc.js,
 * replaces the wrong line with edit_file, runs the test and concludes from the output. Each INJECT
 * puts one of the day's failure modes in the way, and the script recovers by reading the feedback.
 * It lives in this package, not in the lab, so a student's edits cannot change what is graded.
 */
export const d4Scenario: Scenario = {
  steps: (inject) => Array.from({ length: MOST_TURNS }, () => createNextTurn(inject)),
  injections: {
    stale_file:
      'a person saves src/calc.js between the read and the edit; the edit is refused, the model reads again',
    ambiguous_edit:
      'the first edit names text found on three lines; the model retries with a unique line',
    hanging_command:
      'the first test run uses watch mode, which never returns; it is stopped at its limit',
  },
  seed: 4,
  quirks: { indexBase: 1, interleave: true, headsOutOfOrder: true },
};

/** One tool call and the content that answered it, in the order they happened. */
interface Exchange {
  name: string;
  args: Record<string, unknown>;
  content: string;
}

/**
 * The script is one decision, made afresh each turn from what was fed back so far: the same
 * function serves every turn, so a refusal is answered by what the refusal said, not by a turn
 * number written in advance.
 */
function createNextTurn(inject: string | undefined): ScriptStep {
  return (conversation) => decide({ inject, exchanges: listExchanges(conversation) });
}

function decide({
  inject,
  exchanges,
}: {
  inject: string | undefined;
  exchanges: Exchange[];
}): ScriptedTurn {
  const last = exchanges.at(-1);
  const reads = exchanges.filter((exchange) => exchange.name === 'read_file');
  const edits = exchanges.filter((exchange) => exchange.name === 'edit_file');
  const runs = exchanges.filter((exchange) => exchange.name === 'run_command');
  const edited = edits.some((exchange) => exchange.content.startsWith(`edited ${TARGET}`));

  if (last === undefined) {
    return call('The test for divide fails. Let me read the code it tests.', 'read_file', {
      path: TARGET,
    });
  }
  if (last.name === 'edit_file' && last.content.includes('changed since you last read it')) {
    return call(
      'The file changed after I read it, so my edit was refused. Let me read it again and edit what it holds now.',
      'read_file',
      { path: TARGET },
    );
  }
  if (!edited) {
    if (inject === 'stale_file' && !runs.some((exchange) => isPersonNote(exchange))) {
      return call(
        '[INJECT=stale_file] While I look at the code, a person saves src/calc.js in their editor.',
        'run_command',
        { command: `printf '%s\\n' '${PERSON_NOTE}' >> ${TARGET}` },
      );
    }
    const line = findDivideReturn(reads.at(-1)?.content ?? '');
    if (line === undefined) {
      return {
        text: `I could not find the return line of divide in ${TARGET}, so I cannot fix it.`,
      };
    }
    if (inject === 'ambiguous_edit' && edits.length === 0) {
      return call('divide returns the wrong value. Let me change its return.', 'edit_file', {
        path: TARGET,
        old_string: '  return a',
        new_string: '  return a /',
      });
    }
    const retry = edits.at(-1)?.content.includes('occurs')
      ? 'That text is on more than one line; this time I send the whole line. '
      : '';
    return call(
      `${retry}Line ${line.number} multiplies where divide should divide. Let me replace exactly that line.`,
      'edit_file',
      { path: TARGET, old_string: line.code, new_string: line.code.replace('a * b', 'a / b') },
    );
  }
  const testRuns = runs.filter((exchange) =>
    String(exchange.args.command).includes('calc.test.js'),
  );
  if (testRuns.length === 0 && inject === 'hanging_command') {
    return call('Let me run the tests.', 'run_command', {
      command: HANGING_COMMAND,
      timeout_ms: HANGING_LIMIT_MS,
    });
  }
  const finished = testRuns.filter((exchange) => exchange.content.startsWith('exit code'));
  if (finished.length === 0) {
    // Say why the tests run again: the watcher was stopped, or the last run gave no exit code.
    const last = testRuns.at(-1);
    const stopped =
      last === undefined
        ? ''
        : last.args.command === HANGING_COMMAND
          ? 'Watch mode never exits, so it was stopped at its limit; I run the tests once instead. '
          : 'The test run did not come back with an exit code; I try it once more. ';
    return call(`${stopped}Let me run the tests to confirm the fix.`, 'run_command', {
      command: TEST_COMMAND,
    });
  }
  return { text: concludeFromRun(finished.at(-1)!.content) };
}

function call(text: string, name: string, args: Record<string, unknown>): ScriptedTurn {
  return { text, toolCalls: [{ name, args: JSON.stringify(args) }] };
}

function isPersonNote(exchange: Exchange): boolean {
  return String(exchange.args.command).includes(PERSON_NOTE);
}

/** Every call the assistant made, with the tool message that answered it. */
function listExchanges(conversation: Message[]): Exchange[] {
  const exchanges: Exchange[] = [];
  const calls = new Map<string, { name: string; args: string }>();
  for (const message of conversation) {
    if (message.role === 'assistant') {
      for (const toolCall of message.toolCalls) calls.set(toolCall.id, toolCall);
    } else if (message.role === 'tool') {
      const made = calls.get(message.toolCallId);
      if (!made) continue;
      let args: Record<string, unknown> = {};
      try {
        args = JSON.parse(made.args) as Record<string, unknown>;
      } catch {
        // A call the stream garbled is still an exchange; its arguments are simply unknown.
      }
      exchanges.push({ name: made.name, args, content: message.content });
    }
  }
  return exchanges;
}

/**
 * The `return` inside `divide`, read from the numbered lines read_file fed back: reading it from the
 * feedback rather than knowing it in advance means a broken read shows in the run.
 */
function findDivideReturn(read: string): { number: number; code: string } | undefined {
  const numbered = read.split('\n').map((line) => /^(\d+): (.*)$/.exec(line));
  const start = numbered.findIndex((match) => match?.[2]?.includes('function divide'));
  if (start < 0) return undefined;
  const body = numbered.slice(start + 1).find((match) => match?.[2]?.trim().startsWith('return'));
  return body ? { number: Number(body[1]), code: body[2]! } : undefined;
}

/** Quotes the test run's own words: its exit code and the runner's pass and fail counts. */
function concludeFromRun(result: string): string {
  const exitCode = /^exit code (\d+)/.exec(result)?.[1];
  const counts = ['pass', 'fail']
    .map((word) => new RegExp(`\\b${word} (\\d+)`).exec(result))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => match[0]);
  const quoted = counts.length > 0 ? ` ("${counts.join('", "')}")` : '';
  return exitCode === '0'
    ? `The tests pass now: \`${TEST_COMMAND}\` exited with code 0${quoted}. The bug was divide returning a * b in ${TARGET}; it returns a / b now.`
    : `The tests still fail: \`${TEST_COMMAND}\` exited with code ${exitCode ?? 'unknown'}${quoted}. Read the output above for the failing assertion.`;
}
