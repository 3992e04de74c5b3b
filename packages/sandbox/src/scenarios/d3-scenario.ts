import type { Message, ToolMessage } from '@agent-course/core';
import type { Scenario, ScriptStep } from '@agent-course/core/offline';

/**
 * What `MOCK=1 pnpm start` plays for day 3, and what the grader plays when it drives a day-3 lab.
 * It lives in this package, not in the lab, so a student's edits cannot change what is graded.
 * The stream is shaped like a real gateway's: the index starts at 1 and parallel calls
 * interleave, with the second call's head first, so the lab meets those quirks offline.
 */
export const d3Scenario: Scenario = {
  steps: (inject) => createMockScript({ inject }),
  injections: {
    bad_args: 'send broken arguments first, then recover',
    unknown_tool: 'call a tool that does not exist, then recover',
  },
  seed: 3,
  quirks: { indexBase: 1, interleave: true, headsOutOfOrder: true },
};

/**
 * The offline model's script for "why are the tests red": list the files, search for the function
 * the failing test calls, read its file, then conclude from what the read fed back. An injection
 * adds a bad first turn that the script recovers from by reading the feedback.
 */
function createMockScript({ inject }: { inject: string | undefined }): ScriptStep[] {
  const investigate: ScriptStep[] = [
    () => ({
      text: 'Let me see which JavaScript files this repository has.',
      toolCalls: [{ name: 'glob', args: '{"pattern":"**/*.js"}' }],
    }),
    () => ({
      text: 'There is a calculator and a test for it. Let me find where divide is defined and used.',
      toolCalls: [{ name: 'grep', args: '{"pattern":"divide"}' }],
    }),
    () => ({
      text: 'divide lives in src/calc.js. Let me read it.',
      toolCalls: [{ name: 'read_file', args: '{"path":"src/calc.js"}' }],
    }),
    (conversation) => ({ text: concludeFromCode(conversation) }),
  ];

  if (inject === 'bad_args') {
    return [
      () => ({
        text: 'Let me look around.',
        toolCalls: [
          // Cut off before its closing brace: not valid JSON.
          { name: 'read_file', args: '{"path":"src/calc.js"' },
          // grep without its required pattern.
          { name: 'grep', args: '{"include":"**/*.js"}' },
          // limit written as text where a number belongs.
          { name: 'glob', args: '{"pattern":"**/*.js","limit":"all"}' },
        ],
      }),
      (conversation) => {
        const turn = investigate[0]!(conversation);
        return { ...turn, text: `${describeFeedback(conversation)} ${turn.text}` };
      },
      ...investigate.slice(1),
    ];
  }

  if (inject === 'unknown_tool') {
    return [
      () => ({
        text: 'The fix is probably in calc.js; let me edit it straight away.',
        toolCalls: [
          { name: 'edit_file', args: '{"path":"src/calc.js","find":"a * b","replace":"a / b"}' },
        ],
      }),
      (conversation) => ({
        text: `${namesTheToolsThatExist(lastToolMessages(conversation)[0]?.content ?? '') ? 'No editing tool exists today, only read-only ones.' : 'That did not work.'} Let me read the code first.`,
        toolCalls: [{ name: 'read_file', args: '{"path":"src/calc.js"}' }],
      }),
      (conversation) => ({ text: concludeFromCode(conversation) }),
    ];
  }

  return investigate;
}

/** The tool messages that answered the latest assistant turn. */
function lastToolMessages(conversation: Message[]): ToolMessage[] {
  const answers: ToolMessage[] = [];
  for (let position = conversation.length - 1; position >= 0; position--) {
    const message = conversation[position]!;
    if (message.role !== 'tool') break;
    answers.unshift(message);
  }
  return answers;
}

/**
 * Whether the answer to edit_file says what a model needs to pick another tool: the unknown name and
 * every tool that exists. The lab words it its own way, so only the content is read.
 */
function namesTheToolsThatExist(answer: string): boolean {
  return ['edit_file', 'glob', 'grep', 'read_file'].every((name) => answer.includes(name));
}

/** What the bad first turn was told, summarised the way a model would acknowledge it. */
function describeFeedback(conversation: Message[]): string {
  const failures = lastToolMessages(conversation).length;
  return `${failures} of my calls came back as errors; I will fix the arguments as the feedback says.`;
}

/**
 * Names the bug from the numbered lines read_file fed back: the `return` inside `divide`. Reading it
 * from the feedback, rather than knowing it in advance, means a broken read shows in the answer.
 */
function concludeFromCode(conversation: Message[]): string {
  const read = [...conversation]
    .reverse()
    .find(
      (message): message is ToolMessage =>
        message.role === 'tool' && message.content.startsWith('src/calc.js ('),
    );
  if (!read) return 'I could not read src/calc.js, so I cannot say why the tests are red.';

  const numbered = read.content.split('\n').map((line) => /^(\d+): (.*)$/.exec(line));
  const start = numbered.findIndex((match) => match?.[2]?.includes('function divide'));
  const body = numbered.slice(start + 1).find((match) => match?.[2]?.trim().startsWith('return'));
  if (start < 0 || !body) {
    return 'src/calc.js does not show a divide function with a return, so I cannot name the bug.';
  }
  const [, lineNumber, code] = body;
  const verdict = code!.includes('*')
    ? `it multiplies instead of dividing, so divide(12, 4) gives 48 where the test expects 3. ` +
      'Changing it to `return a / b;` turns the test green.'
    : 'compare it with what the divide test expects.';
  return `The tests are red because of src/calc.js line ${lineNumber}, inside divide: \`${code!.trim()}\` — ${verdict}`;
}
