import { defineDay } from '@agent-course/course';

// Day 2's manifest: the one place that says what the day asks and how it is graded. The starter
// generator writes each exercise's TODO comment from it, the grader reads the checks and hints from
// it, and `pnpm course check` holds the lesson page's exercise table and the starter's score to it.

const WIRE = 'src/to-chat-messages.ts';
const RULES = 'src/find-history-problems.ts';
const COST = 'src/measure-context.ts';
const CHAT = 'src/chat.ts';
/** The figures the lesson pages quote; measure-figures.ts measures each one on this solution. */
const FIGURES = {
  /** What the offline chat's history weighs after each of its three turns, in characters. */
  'resent-each-turn': [447, 679, 806],
  /** What its three requests carried in all: each one the whole history so far, then a line. */
  'sent-in-all': 1_467,
  /** The piece of the second answer after which INJECT=interrupt presses Ctrl-C. */
  'interrupt-after-pieces': 3,
};

export default defineDay({
  id: 'd2',
  title: 'the conversation: its wire form, its rules, resent whole each turn, and Ctrl-C',
  draft: false,
  start: 'src/main.ts',
  // Day 1's finished reader reads every stream of this day's chat.
  buildsOn: ['d1'],
  starterScore: 0,
  figures: FIGURES,
  exercises: [
    {
      number: 1,
      file: WIRE,
      task: "toChatMessages: write the conversation in the API's own message shapes",
      details:
        'One wire message per message, in order. system and user carry their content as it is. ' +
        'A tool message names the call it answers as tool_call_id. An assistant message without ' +
        'calls sends no tool_calls field at all (several providers refuse []); one with calls sends ' +
        'each as { id, type: "function", function: { name, arguments } }, the arguments exactly as ' +
        'the model wrote them (a string, valid JSON or not), and content null when it wrote no text.',
      translations: { 'zh-CN': { task: 'toChatMessages：按 API 自己的消息格式写出整段对话' } },
    },
    {
      number: 2,
      file: RULES,
      task: 'findHistoryProblems: find what an endpoint would refuse, naming the message',
      details:
        'Return one sentence per broken rule, naming the message as "message N (role)", counted ' +
        'from 1; none when the history can be sent. A system message only first; no two user or ' +
        'two assistant messages in a row; an assistant message answers a line, so never first ' +
        'after the instructions; each call of an assistant message answered by exactly one tool ' +
        'message right after it, and a tool message answering no open call is an orphan; no two ' +
        'calls with one id; and the last message is what the model is to answer, never its own (a ' +
        'history with no line from the person at all is refused too).',
      translations: {
        'zh-CN': { task: 'findHistoryProblems：找出接口会拒绝的地方，并指明是哪条消息' },
      },
    },
    {
      number: 3,
      file: COST,
      task: 'measureContext: weigh what the next request resends, in characters',
      details:
        "Add up every message's content, and for an assistant message each call's name and " +
        'arguments too: all of it goes out again with the next request. Count tool messages ' +
        'apart as toolResultChars as well (they are part of chars).',
      translations: { 'zh-CN': { task: 'measureContext：按字符数算出下一次请求要重发多少' } },
    },
    {
      number: 4,
      file: CHAT,
      task: 'chat: each line a turn, the whole history resent, Ctrl-C stops only the answer',
      details:
        'Start the history with SYSTEM_PROMPT, once. For each line from person.nextLine() (until ' +
        'it returns undefined): add it as a user message, refuse to send a history ' +
        "findHistoryProblems finds fault with (stopReason 'refused', its error listing the problems), " +
        "stream the answer to the whole history with the line's " +
        'signal, show each text-delta through onEvent, add the answer as an assistant message and ' +
        "send a context event with measureContext. When the line's signal aborts (Ctrl-C), stop " +
        'reading at once: keep the text shown so far, followed by INTERRUPTED_NOTE, as the answer, ' +
        'so the next line still makes a history an endpoint accepts. A failed call takes its line ' +
        "back out and returns stopReason 'model-error' with the error's message.",
      translations: {
        'zh-CN': { task: 'chat：每行一轮，每轮重发整段历史，Ctrl-C 只停下这一次回答' },
      },
    },
  ],
  checks: [
    {
      id: 'wire-form',
      exercise: 1,
      title:
        'wire form: tool_call_id on results, tool_calls only with calls, arguments as written, null content',
      hints: {
        default: `${WIRE}, TODO(1) — one wire message per message, in the API's own field names: see the "expected" line for the message that differs`,
        'tool-call-id': `${WIRE}, TODO(1) — a tool message must say which call it answers: { role: 'tool', tool_call_id: message.toolCallId, content }`,
        'empty-tool-calls': `${WIRE}, TODO(1) — an assistant message without calls sends no tool_calls field at all: several providers refuse tool_calls: []`,
        'calls-missing': `${WIRE}, TODO(1) — an assistant message with calls sends them as tool_calls: [{ id, type: 'function', function: { name, arguments } }], or the results that follow answer nothing`,
        'args-changed': `${WIRE}, TODO(1) — send each call's arguments exactly as the model wrote them (call.args, a string), even when they are not valid JSON: never parsed, repaired or re-encoded`,
        'content-not-null': `${WIRE}, TODO(1) — an assistant message that only called tools wrote no text: send content: null, as the API's own answers do`,
      },
    },
    {
      id: 'history-rules',
      exercise: 2,
      title:
        'history rules: orphans, unanswered calls, misplaced instructions, two in a row, each named',
      hints: {
        default: `${RULES}, TODO(2) — return one sentence per broken rule, naming the message as "message N (role)", counted from 1; an empty list when the history can be sent`,
        'valid-refused': `${RULES}, TODO(2) — that history is one an endpoint takes: results may come in any order right after their calls, and a history may start without instructions`,
        'not-named': `${RULES}, TODO(2) — name the message that breaks the rule as "message N (role)", counted from 1, so the person can find it`,
        calls: `${RULES}, TODO(2) — each call of an assistant message is answered by exactly one tool message right after it; a tool message answering no open call, a call left unanswered and two calls sharing an id are each refused`,
        order: `${RULES}, TODO(2) — instructions only first; user and assistant take turns (never two of one in a row), an answer comes after a line, and the last message is what the model is to answer`,
      },
    },
    {
      id: 'resent-size',
      exercise: 3,
      title:
        "resent size: every message's text, each call's name and arguments, tool results apart",
      hints: {
        default: `${COST}, TODO(3) — add up the content of every message into chars; tool messages' content also into toolResultChars`,
        'calls-not-counted': `${COST}, TODO(3) — a call's name and arguments go out again with every request too: add them to chars for each call of an assistant message`,
        'tool-results': `${COST}, TODO(3) — chars is right; toolResultChars is the part of it that tool messages' content takes`,
      },
    },
    {
      id: 'whole-history',
      exercise: 4,
      title:
        'whole history: request N carries every line and answer before it, and a context event after',
      hints: {
        default: `${CHAT}, TODO(4) — keep one messages array for the whole chat: push each line and each answer to it, send all of it with every request, and after each turn send onEvent({ type: 'context', ...measureContext(messages) })`,
        'request-count': `${CHAT}, TODO(4) — one request per line the person sends, until person.nextLine() returns undefined`,
        'only-last-line': `${CHAT}, TODO(4) — the model remembers nothing between requests: send the whole messages array each turn, not a new one with only the latest line`,
        'history-wrong': `${CHAT}, TODO(4) — push the person's line as a user message before the request and the whole answer (every text-delta joined) as an assistant message after it`,
        'context-event': `${CHAT}, TODO(4) — after each turn, send onEvent({ type: 'context', ...measureContext(messages) }) for the history as it now stands`,
        'exit-code':
          'src/main.ts and what it runs — as a process, the chat must end by itself with exit code 0 once stdin ends: no process.exit or exit code set on the way out, no unhandled rejection, no timer left open',
      },
    },
    {
      id: 'system-prompt',
      exercise: 4,
      title: 'system prompt: first in every request, the same each time, and only once',
      hints: {
        default: `${CHAT}, TODO(4) — start the messages array with { role: 'system', content: SYSTEM_PROMPT } once, before the loop`,
        'no-system': `${CHAT}, TODO(4) — the first message of every request is { role: 'system', content: SYSTEM_PROMPT }`,
        changed: `${CHAT}, TODO(4) — send the same instructions every turn, at the start of the same history`,
        repeated: `${CHAT}, TODO(4) — add the system message once, before the loop, not once per turn`,
      },
    },
    {
      id: 'interrupt',
      exercise: 4,
      dependsOn: ['whole-history'],
      title:
        'Ctrl-C: nothing more is shown, what was shown is kept with INTERRUPTED_NOTE, the chat goes on',
      hints: {
        default: `${CHAT}, TODO(4) — when line.signal aborts, stop reading the stream at once, keep the text shown so far followed by INTERRUPTED_NOTE as the answer, and go on to the next line`,
        'shown-after-stop': `${CHAT}, TODO(4) — check line.signal.aborted at each event and stop at once: a piece read before the Ctrl-C still comes out of the stream after it, and must not be shown`,
        'chat-ended': `${CHAT}, TODO(4) — a stopped answer ends the turn, not the chat: catch what the stream throws when the signal aborts and go on to person.nextLine()`,
        'broken-history': `${CHAT}, TODO(4) — a stopped turn still adds one assistant message after its user message, so the next line makes a history an endpoint takes`,
        'not-kept': `${CHAT}, TODO(4) — keep what the person saw: the text shown before the Ctrl-C, then INTERRUPTED_NOTE`,
        'not-marked': `${CHAT}, TODO(4) — end a stopped answer with INTERRUPTED_NOTE (a non-empty note), so the model reads it as cut by the person, not as finished`,
        'kept-unshown': `${CHAT}, TODO(4) — keep only what was shown: text read after the Ctrl-C was never seen by the person`,
        'exit-code': `${CHAT}, TODO(4) — as a process, a real Ctrl-C during an answer must stop that answer only: the chat goes on to the next line on stdin and ends with exit code 0 when stdin ends`,
      },
    },
    {
      id: 'failed-call',
      exercise: 4,
      dependsOn: ['whole-history'],
      title: 'a failed call: model-error in its own words, the line taken back out of the history',
      hints: {
        default: `${CHAT}, TODO(4) — when model.stream throws (and the line was not stopped), take the line back out of messages and return stopReason 'model-error' with the error's message`,
        'error-lost': `${CHAT}, TODO(4) — return { stopReason: 'model-error', error: error.message } at once: the client already put the failure into words`,
        'line-kept': `${CHAT}, TODO(4) — nothing answered the line: pop it off messages before returning, so the history is one a request could carry`,
        'history-wrong': `${CHAT}, TODO(4) — return the history as it was before the failed line: every turn before it, whole`,
      },
    },
  ],
});
