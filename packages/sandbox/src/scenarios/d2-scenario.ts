import type { Message } from '@agent-course/core';
import type { Scenario, ScriptedLine } from '@agent-course/core/offline';

/** What the scripted person types, one line a turn. */
const LINES = [
  'What is a coding agent, in two sentences?',
  'What does it send the model each turn?',
  'Say that again in one line.',
];

/** The piece of the second answer after which INJECT=interrupt presses Ctrl-C. */
export const INTERRUPT_AFTER_PIECES = 3;

/**
 * What `MOCK=1 pnpm start` plays for day 2, and what the grader plays when it drives a day-2 lab:
 * a scripted person who types three lines, and a scripted model that answers each. The model's
 * answers say how much of the conversation each request carried, so a chat that forgets its
 * history shows it in the answer itself. It lives in this package, not in the lab, so a student's
 * edits cannot change what is graded.
 */
export const d2Scenario: Scenario = {
  steps: () => [
    () => ({
      text:
        'A coding agent is a program that talks with a model on your behalf and, later in this ' +
        'course, acts on a repository with tools. Today it is a chat: your lines, its answers.',
    }),
    (conversation) => ({
      text:
        'Each turn it sends the whole conversation again: the instructions, every line you typed ' +
        `and every answer it gave. This request carried ${describe(conversation)}.`,
    }),
    (conversation) => ({
      text: `Everything so far, every turn: this time ${describe(conversation)}.`,
    }),
  ],
  injections: {
    interrupt: `the scripted person presses Ctrl-C during the second answer, after its piece ${INTERRUPT_AFTER_PIECES}`,
  },
  seed: 2,
  quirks: {},
  person: (inject) =>
    LINES.map((text, position): ScriptedLine =>
      inject === 'interrupt' && position === 1
        ? { text, interruptAfterPieces: INTERRUPT_AFTER_PIECES }
        : { text },
    ),
};

/** How much a request carried, in words the person can check against the chat above. */
function describe(conversation: Message[]): string {
  const chars = conversation.reduce((sum, message) => sum + message.content.length, 0);
  const counts = (['system', 'user', 'assistant'] as const).map((role) => {
    const count = conversation.filter((message) => message.role === role).length;
    return `${count} ${role}`;
  });
  return `${conversation.length} messages (${counts.join(', ')}), ${chars.toLocaleString('en-US')} characters`;
}
