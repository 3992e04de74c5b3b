import type { Message } from '@agent-course/core';

/**
 * What is wrong with a history, found before it is sent: an endpoint refuses a whole request for
 * any one of these, so the chat refuses it first and names the message (counted from 1). Empty
 * when the history can be sent.
 */
export function findHistoryProblems(messages: readonly Message[]): string[] {
  // TODO(2): findHistoryProblems: find what an endpoint would refuse, naming the message
  //   Return one sentence per broken rule, naming the message as "message N (role)", counted from
  //   1; none when the history can be sent. A system message only first; no two user or two
  //   assistant messages in a row; an assistant message answers a line, so never first after the
  //   instructions; each call of an assistant message answered by exactly one tool message right
  //   after it, and a tool message answering no open call is an orphan; no two calls with one id;
  //   and the last message is what the model is to answer, never its own (a history with no line
  //   from the person at all is refused too).
  return [];
}
