import { defineDay } from '@agent-course/course';

// Day 2's manifest: the one place that says what the day asks and how it is graded. The starter
// generator writes each exercise's TODO comment from it, the grader reads the checks and hints from
// it, and `pnpm course check` holds the lesson page's exercise table and the starter's score to it.
// A draft until its checks are written and the solution scores full marks.

const WIRE = 'src/to-chat-messages.ts';
const RULES = 'src/find-history-problems.ts';
const COST = 'src/measure-context.ts';
const CHAT = 'src/chat.ts';

export default defineDay({
  id: 'd2',
  title: 'the conversation: its wire form, its rules, resent whole each turn, and Ctrl-C',
  draft: true,
  start: 'src/main.ts',
  // Day 1's finished reader reads every stream of this day's chat.
  buildsOn: ['d1'],
  starterScore: 0,
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
        'calls with one id; and the last message is what the model is to answer, never its own.',
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
        "findHistoryProblems finds fault with, stream the answer to the whole history with the line's " +
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
      id: 'placeholder',
      title: 'placeholder: the day has no checks yet',
      exercise: 1,
      hints: {
        default:
          "src/to-chat-messages.ts, TODO(1) — instructors: write the day's checks in grader/src/days/d2/judging/ and beside-lab/, and list them in their index.ts and solutions/d2/day.ts",
      },
    },
  ],
});
