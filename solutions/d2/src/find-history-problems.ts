import type { Message } from '@agent-course/core';

/**
 * What is wrong with a history, found before it is sent: an endpoint refuses a whole request for
 * any one of these, so the chat refuses it first and names the message (counted from 1). Empty
 * when the history can be sent.
 */
export function findHistoryProblems(messages: readonly Message[]): string[] {
  // #region exercise 2
  const problems: string[] = [];
  const named = (position: number) => `message ${position + 1} (${messages[position]?.role})`;
  // The calls of the latest assistant message that no tool message has answered yet.
  let open: string[] = [];
  let openAt = -1;
  const closeOpenCalls = () => {
    if (open.length > 0) {
      problems.push(
        `${named(openAt)} asked for ${open.join(', ')}, never answered by a tool message`,
      );
    }
    open = [];
  };

  messages.forEach((message, position) => {
    const previous = messages[position - 1]?.role;
    // Results come right after the calls they answer: any other message ends the wait for them.
    if (message.role !== 'tool') closeOpenCalls();
    switch (message.role) {
      case 'system':
        if (position > 0)
          problems.push(`${named(position)} is not first: instructions go at the start, once`);
        break;
      case 'user':
        if (previous === 'user') {
          problems.push(
            `${named(position)} follows another user message: the answer between them is missing`,
          );
        }
        break;
      case 'assistant':
        if (previous === undefined || previous === 'system') {
          problems.push(`${named(position)} answers nothing: the person's line comes before it`);
        } else if (previous === 'assistant') {
          problems.push(`${named(position)} follows another assistant message`);
        }
        open = message.toolCalls.map((call) => call.id);
        openAt = position;
        if (new Set(open).size !== open.length) {
          problems.push(`${named(position)} gives two calls the same id: ${open.join(', ')}`);
        }
        break;
      case 'tool': {
        const answered = open.indexOf(message.toolCallId);
        if (answered === -1) {
          problems.push(
            `${named(position)} answers ${message.toolCallId}, which is no open call of the assistant message before it`,
          );
        } else {
          open.splice(answered, 1);
        }
        break;
      }
    }
  });
  closeOpenCalls();

  const last = messages.at(-1)?.role;
  if (last === undefined || last === 'system') {
    problems.push('there is no line from the person to answer');
  } else if (last === 'assistant') {
    problems.push(
      `${named(messages.length - 1)} is last: a request ends with what the model is to answer`,
    );
  }
  return problems;
  // #starter
  //> return [];
  // #endregion exercise 2
}
