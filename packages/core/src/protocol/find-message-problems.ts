/**
 * The part of a message the rules below look at. Core's `Message` fits, and so does a message
 * read back from a transcript file, where the fields of the other roles are simply absent.
 */
export interface CheckedMessage {
  /** Who wrote it. */
  role: 'system' | 'user' | 'assistant' | 'tool';
  /** On assistant messages: the calls requested. */
  toolCalls?: ReadonlyArray<{ id: string }>;
  /** On tool messages: the call answered. */
  toolCallId?: string;
}

/** A finished conversation and the request bodies the model endpoint received for it. */
export interface FindMessageProblemsOptions {
  /** The conversation as the agent loop returned it, or as a transcript recorded it. */
  messages: readonly CheckedMessage[];
  /** Every request body the endpoint received, parsed from JSON; none when not recorded. */
  requestBodies?: unknown[];
}

/**
 * The rules every conversation must keep, whatever the stream looked like, as a list of broken
 * ones (empty when all hold). A provider rejects the next request unless the instructions come
 * first, the person and the model take turns, and each assistant message's calls are answered one
 * for one by the tool messages right after it; `meta` is for the terminal: sending it would cost
 * tokens and, on strict endpoints, fail the request. Labs, the
 * grader and the tests all judge a conversation with this one function.
 */
export function findMessageProblems({
  messages,
  requestBodies = [],
}: FindMessageProblemsOptions): string[] {
  const problems: string[] = [];
  let open: string[] = []; // ids of the last assistant message's calls not yet answered
  const closeOpenCalls = () => {
    if (open.length > 0) problems.push(`calls ${open.join(', ')} were never answered`);
    open = [];
  };
  messages.forEach((message, position) => {
    if ('meta' in message) problems.push(`message ${position} (${message.role}) has a meta field`);
    const order = findOrderProblem({ role: message.role, previous: messages[position - 1]?.role });
    if (order) problems.push(`message ${position} (${message.role}) ${order}`);
    if (message.role !== 'tool') {
      // Answers must follow their assistant message at once: any other message ends the wait.
      closeOpenCalls();
      if (message.role !== 'assistant') return;
      open = (message.toolCalls ?? []).map((call) => call.id);
      if (new Set(open).size !== open.length) {
        problems.push(`message ${position} repeats a call id: ${open.join(', ')}`);
      }
      return;
    }
    if (message.toolCallId === undefined) {
      problems.push(`tool message ${position} does not say which call it answers`);
      return;
    }
    const answered = open.indexOf(message.toolCallId);
    if (answered === -1) {
      problems.push(
        `tool message ${position} answers ${message.toolCallId}, which is not an open call of the assistant message before it`,
      );
      return;
    }
    open.splice(answered, 1);
  });
  closeOpenCalls();
  requestBodies.forEach((body, position) => {
    if (hasMetaKey(body)) problems.push(`request ${position + 1} sent a meta field to the model`);
  });
  return problems;
}

/**
 * What is wrong with a message's place after the one before it, if anything: the instructions come
 * first, and the person and the model take turns. Several open models' chat templates refuse any
 * other order outright ("Conversation roles must alternate user/assistant/user/assistant").
 */
function findOrderProblem({
  role,
  previous,
}: {
  role: CheckedMessage['role'];
  previous: CheckedMessage['role'] | undefined;
}): string | undefined {
  if (role === 'system' && previous !== undefined)
    return 'is not first: instructions go at the start';
  if (role === 'user' && previous === 'user') {
    return 'follows another user message: the answer between them is missing';
  }
  if (role !== 'assistant') return undefined;
  if (previous === undefined || previous === 'system')
    return "answers nothing: the person's line comes first";
  if (previous === 'assistant') return 'follows another assistant message';
  return undefined;
}

function hasMetaKey(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(hasMetaKey);
  if (value === null || typeof value !== 'object') return false;
  return Object.entries(value).some(([key, inner]) => key === 'meta' || hasMetaKey(inner));
}
