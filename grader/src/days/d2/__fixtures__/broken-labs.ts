import type { FixtureLab } from '../../../fixture-lab';

/** A broken day-2 lab, the one check it must fail, and where that check's hint must point. */
export interface BrokenD2Lab extends FixtureLab {
  /** The id of the check this lab must fail. */
  check: string;
  /** Text the failing check's hint must contain. */
  hint: string;
  /** Set when only the real run of the lab's command line shows the fault: the test grades it whole. */
  realRunOnly?: true;
}

const WIRE = 'src/to-chat-messages.ts';
const RULES = 'src/find-history-problems.ts';
const COST = 'src/measure-context.ts';
const CHAT = 'src/chat.ts';

/** A lab of the group's, broken by edits of its own file. */
function broken(lab: Omit<BrokenD2Lab, 'group'>): BrokenD2Lab {
  return { group: 'broken-labs', ...lab };
}

/** Each lab is the day-2 solution with one of the day's ideas broken, by an edit of its own file. */
export const BROKEN_D2_LABS: BrokenD2Lab[] = [
  broken({
    name: 'no-tool-call-id',
    check: 'wire-form',
    hint: 'which call it answers',
    why: 'a tool message goes out without tool_call_id, so it answers nothing',
    mutations: [
      {
        file: WIRE,
        find: "return { role: 'tool', tool_call_id: message.toolCallId, content: message.content };",
        replace: "return { role: 'tool', content: message.content } as ChatCompletionMessageParam;",
      },
    ],
  }),
  broken({
    name: 'empty-tool-calls',
    check: 'wire-form',
    hint: 'no tool_calls field at all',
    why: 'a turn without calls sends tool_calls: [], which several providers refuse',
    mutations: [
      {
        file: WIRE,
        find: "if (message.toolCalls.length === 0) return { role: 'assistant', content: message.content };",
        replace: '',
      },
    ],
  }),
  broken({
    name: 'arguments-repaired',
    check: 'wire-form',
    hint: 'exactly as the model wrote them',
    why: 'arguments cut short are closed before they are sent, so the model never sees its mistake',
    mutations: [
      {
        file: WIRE,
        find: 'function: { name: call.name, arguments: call.args },',
        replace:
          "function: { name: call.name, arguments: call.args.endsWith('}') ? call.args : `${call.args}\"}` },",
      },
    ],
  }),
  broken({
    name: 'call-only-content-empty',
    check: 'wire-form',
    hint: 'content: null',
    why: 'a turn that only called tools sends content "" instead of null',
    mutations: [
      {
        file: WIRE,
        find: "content: message.content === '' ? null : message.content,",
        replace: 'content: message.content,',
      },
    ],
  }),
  broken({
    name: 'orphans-pass',
    check: 'history-rules',
    hint: 'answering no open call',
    why: 'a tool message that answers no call is let through',
    mutations: [
      {
        file: RULES,
        find: 'if (answered === -1) {',
        replace: 'if (answered === -1 && false) {',
      },
    ],
  }),
  broken({
    name: 'two-lines-pass',
    check: 'history-rules',
    hint: 'never two of one in a row',
    why: 'two user messages in a row are let through',
    mutations: [
      { file: RULES, find: "if (previous === 'user') {", replace: "if (previous === 'user' && false) {" },
    ],
  }),
  broken({
    name: 'counted-from-zero',
    check: 'history-rules',
    hint: 'counted from 1',
    why: 'messages are named counted from 0, so every name points at the one before',
    mutations: [
      {
        file: RULES,
        find: '`message ${position + 1} (${messages[position]?.role})`',
        replace: '`message ${position} (${messages[position]?.role})`',
      },
    ],
  }),
  broken({
    name: 'results-in-order-only',
    check: 'history-rules',
    hint: 'any order',
    why: 'results must come in the order of their calls, so a valid history is refused',
    mutations: [{ file: RULES, find: 'if (answered === -1) {', replace: 'if (answered !== 0) {' }],
  }),
  broken({
    name: 'calls-not-counted',
    check: 'resent-size',
    hint: "call's name and arguments",
    why: "the calls' names and arguments are left out of what is resent",
    mutations: [
      {
        file: COST,
        find: 'for (const call of message.toolCalls) chars += call.name.length + call.args.length;',
        replace: '',
      },
    ],
  }),
  broken({
    name: 'tool-results-not-apart',
    check: 'resent-size',
    hint: 'toolResultChars is the part',
    why: "the tool results' share is never counted",
    mutations: [
      {
        file: COST,
        find: "if (message.role === 'tool') toolResultChars += message.content.length;",
        replace: '',
      },
    ],
  }),
  broken({
    name: 'sends-the-latest-line',
    check: 'whole-history',
    hint: 'not a new one with only the latest line',
    why: 'each request carries the instructions and the latest line only',
    mutations: [
      {
        file: CHAT,
        find: 'model.stream({ messages, tools: [], signal: line.signal })',
        replace:
          'model.stream({ messages: [messages[0]!, messages.at(-1)!], tools: [], signal: line.signal })',
      },
    ],
  }),
  broken({
    name: 'answers-forgotten',
    check: 'whole-history',
    hint: 'as an assistant message after it',
    why: "the answers are kept empty, so the model never sees what it said",
    mutations: [
      {
        file: CHAT,
        find: "messages.push({ role: 'assistant', content, toolCalls: [] });",
        replace: "messages.push({ role: 'assistant', content: '', toolCalls: [] });",
      },
    ],
  }),
  broken({
    name: 'no-context-event',
    check: 'whole-history',
    hint: "type: 'context'",
    why: 'nothing says what the history weighs after a turn',
    mutations: [
      { file: CHAT, find: "onEvent({ type: 'context', ...measureContext(messages) });", replace: '' },
    ],
  }),
  broken({
    name: 'no-instructions',
    check: 'system-prompt',
    hint: "{ role: 'system', content: SYSTEM_PROMPT }",
    why: 'the chat sends no system message',
    mutations: [
      { file: CHAT, find: "messages.push({ role: 'system', content: SYSTEM_PROMPT });", replace: '' },
    ],
  }),
  broken({
    name: 'instructions-every-turn',
    check: 'system-prompt',
    hint: 'once, before the loop',
    why: 'the system message is added again before every line',
    mutations: [
      {
        file: CHAT,
        find: "messages.push({ role: 'user', content: line.text });",
        replace:
          "if (turn > 1) messages.push({ role: 'system', content: SYSTEM_PROMPT });\n    messages.push({ role: 'user', content: line.text });",
      },
    ],
  }),
  broken({
    name: 'shows-what-was-read',
    check: 'interrupt',
    hint: 'a piece read before the Ctrl-C',
    why: 'the signal is only noticed when the stream throws, so a piece already read is still shown',
    mutations: [{ file: CHAT, find: 'if (line.signal.aborted) break;', replace: '' }],
  }),
  broken({
    name: 'stop-ends-the-chat',
    check: 'interrupt',
    hint: 'ends the turn, not the chat',
    why: 'Ctrl-C during an answer ends the whole chat',
    mutations: [
      {
        file: CHAT,
        find: 'const stopped = line.signal.aborted;',
        replace:
          "const stopped = line.signal.aborted;\n    if (stopped) return { messages, stopReason: 'aborted', error: 'the run was cancelled' };",
      },
    ],
  }),
  broken({
    name: 'stopped-turn-dropped',
    check: 'interrupt',
    hint: 'still adds one assistant message',
    why: 'a stopped turn leaves its line without an answer, so two user messages follow each other',
    mutations: [
      {
        file: CHAT,
        find: 'const stopped = line.signal.aborted;',
        replace: 'const stopped = line.signal.aborted;\n    if (stopped) continue;',
      },
    ],
  }),
  broken({
    name: 'stopped-answer-unmarked',
    check: 'interrupt',
    hint: 'end a stopped answer with INTERRUPTED_NOTE',
    why: 'a stopped answer is kept as if it were finished',
    mutations: [
      {
        file: CHAT,
        find: 'const content = !stopped',
        replace: 'const content = true',
      },
    ],
  }),
  broken({
    name: 'failed-line-kept',
    check: 'failed-call',
    hint: 'pop it off messages',
    why: 'a line nothing answered stays in the history',
    mutations: [{ file: CHAT, find: '        messages.pop();\n', replace: '' }],
  }),
  broken({
    name: 'failure-swallowed',
    check: 'failed-call',
    hint: "return { stopReason: 'model-error'",
    why: 'a failed call ends the chat as if the person were done',
    mutations: [
      {
        file: CHAT,
        find: "return { messages, stopReason: 'model-error', error: (error as Error).message };",
        replace: "return { messages, stopReason: 'done' };",
      },
    ],
  }),
  broken({
    name: 'forgets-when-run',
    check: 'whole-history',
    hint: 'not a new one with only the latest line',
    why: 'driven by the grader it resends the history; run against a real endpoint it sends the latest line only',
    realRunOnly: true,
    mutations: [
      {
        file: CHAT,
        find: 'model.stream({ messages, tools: [], signal: line.signal })',
        replace:
          'model.stream({ messages: process.env.OPENAI_BASE_URL ? [messages[0]!, messages.at(-1)!] : messages, tools: [], signal: line.signal })',
      },
    ],
  }),
  broken({
    name: 'real-ctrl-c-ends-the-chat',
    check: 'interrupt',
    hint: 'a real Ctrl-C during an answer must stop that answer only',
    why: "driven by the grader it goes on after a Ctrl-C; a real one, against a real endpoint, ends the chat with exit 130",
    realRunOnly: true,
    mutations: [
      {
        file: CHAT,
        find: 'const stopped = line.signal.aborted;',
        replace:
          "const stopped = line.signal.aborted;\n    if (stopped && process.env.OPENAI_BASE_URL) return { messages, stopReason: 'aborted', error: 'the run was cancelled' };",
      },
    ],
  }),
  broken({
    name: 'names-every-message',
    check: 'history-rules',
    hint: 'name the message that breaks the rule',
    why: "from an attacker's trial: a broken history is answered with a sentence naming every message, so the right one is among them",
    mutations: [
      {
        file: RULES,
        find: '  return problems;\n',
        replace:
          "  if (problems.length > 0) return [messages.map((message, position) => `message ${position + 1} (${message.role})`).join(', ')];\n  return problems;\n",
      },
    ],
  }),
  broken({
    name: 'instructions-dropped-when-run',
    check: 'system-prompt',
    hint: "{ role: 'system', content: SYSTEM_PROMPT }",
    why: 'driven by the grader it sends its instructions; run against a real endpoint it sends none',
    realRunOnly: true,
    mutations: [
      {
        file: CHAT,
        find: "messages.push({ role: 'system', content: SYSTEM_PROMPT });",
        replace:
          "if (!process.env.OPENAI_BASE_URL) messages.push({ role: 'system', content: SYSTEM_PROMPT });",
      },
    ],
  }),
  broken({
    name: 'failure-swallowed-when-run',
    check: 'failed-call',
    hint: "return { stopReason: 'model-error'",
    why: 'driven by the grader it stops on a failed call; run against a real endpoint it carries on as if nothing happened',
    realRunOnly: true,
    mutations: [
      {
        file: CHAT,
        find: '      if (!line.signal.aborted) {',
        replace: '      if (!line.signal.aborted && !process.env.OPENAI_BASE_URL) {',
      },
    ],
  }),
  broken({
    name: 'names-every-message-hidden',
    check: 'history-rules',
    hint: 'name the message that breaks the rule',
    why: "from a second attacker's trial: every message named, each name glued to a letter so that a count by whole words sees none",
    mutations: [
      {
        file: RULES,
        find: '  return problems;\n',
        replace:
          "  if (problems.length > 0) return [messages.map((message, position) => `_message ${position + 1} (${message.role})`).join(', ')];\n  return problems;\n",
      },
    ],
  }),
  broken({
    name: 'failure-escapes-the-chat',
    check: 'failed-call',
    hint: "return { stopReason: 'model-error'",
    why: "from a second attacker's trial: a failed call escapes the chat as an uncaught error, which also exits 1 with the failure's words",
    realRunOnly: true,
    mutations: [
      {
        file: CHAT,
        find: '      if (!line.signal.aborted) {',
        replace: '      if (process.env.OPENAI_BASE_URL && !line.signal.aborted) throw error;\n      if (!line.signal.aborted) {',
      },
    ],
  }),
];
