import type { FixtureLab } from '../../../fixture-lab';

/** A broken day-1 lab, the one check it must fail, and where that check's hint must point. */
export interface BrokenD1Lab extends FixtureLab {
  /** The id of the check this lab must fail. */
  check: string;
  /** Text the failing check's hint must contain. */
  hint: string;
  /** Set when only the real run of the lab's command line shows the fault: the test grades it whole. */
  realRunOnly?: true;
}

const READ = 'src/to-stream-events.ts';
const ANSWER = 'src/answer-once.ts';
const EXPLAIN = 'src/explain-failure.ts';

/** Each lab is the day-1 solution with one of the day's ideas broken, by a mutation of its own file. */
/**
 * Unless it is given a real endpoint, answerOnce reads the whole answer first and then asks the
 * model again for each piece, reading up to it before handing it on, so every piece seems to be
 * shown while it is the model's latest and the clock reads the first piece's time; a run against
 * an endpoint streams as it should. From an attacker's trial: one question must be one request.
 */
const REPLAYS_WHEN_DRIVEN = [
  {
    file: ANSWER,
    find: '  const sent = now();\n',
    replace: [
      '  const sent = now();',
      '  if (!process.env.OPENAI_BASE_URL) {',
      '    const whole = [];',
      '    for await (const event of model.stream({ messages, tools: [], signal })) whole.push(event);',
      '    for (const [position, event] of whole.entries()) {',
      "      if (event.type === 'usage') stats.usage = { promptTokens: event.promptTokens, completionTokens: event.completionTokens };",
      "      if (event.type === 'finish') stats.finishReason = event.finishReason;",
      "      if (event.type !== 'text-delta' || event.text === '') continue;",
      '      const again = model.stream({ messages, tools: [], signal })[Symbol.asyncIterator]();',
      '      for (let step = 0; step <= position; step++) await again.next();',
      '      stats.firstTokenMs ??= now() - sent;',
      '      text += event.text;',
      '      onEvent(event);',
      '      await again.return?.(undefined);',
      '    }',
      "    onEvent({ type: 'answer-stats', stats });",
      "    messages.push({ role: 'assistant', content: text, toolCalls: [] });",
      "    return { messages, stopReason: 'done' };",
      '  }',
      '',
    ].join('\n'),
  },
];

export const BROKEN_D1_LABS: BrokenD1Lab[] = [
  {
    name: 'empty-reason-overwrites',
    group: 'broken-labs',
    check: 'quirk-streams',
    hint: 'TODO(1)',
    why: 'a finish_reason of "" on a later chunk replaces the real one (as unknown)',
    mutations: [
      {
        file: READ,
        find: "if (typeof reason === 'string' && reason !== '') {",
        replace: "if (typeof reason === 'string') {",
      },
    ],
  },
  {
    name: 'no-reason-is-stop',
    group: 'broken-labs',
    check: 'quirk-streams',
    hint: 'TODO(1)',
    why: 'a stream that never sends a finish reason is reported as stop, so a cut answer looks whole',
    mutations: [
      {
        file: READ,
        find: "finishReason: finishReason ?? 'unknown'",
        replace: "finishReason: finishReason ?? 'stop'",
      },
    ],
  },
  {
    name: 'empty-pieces-shown',
    group: 'broken-labs',
    check: 'quirk-streams',
    hint: 'TODO(1)',
    why: 'content that is "" becomes a text-delta of its own',
    mutations: [
      {
        file: READ,
        find: "if (typeof content === 'string' && content !== '')",
        replace: "if (typeof content === 'string')",
      },
    ],
  },
  {
    name: 'reads-the-whole-stream-first',
    group: 'broken-labs',
    check: 'quirk-streams',
    hint: 'TODO(1) — yield each piece of text inside the loop',
    why: 'every chunk is collected before the first event is given, so nothing streams',
    mutations: [
      {
        file: READ,
        find: '  for await (const chunk of chunks) {\n    // Usage rides',
        replace:
          '  const collected: ChatCompletionChunk[] = [];\n  for await (const chunk of chunks) collected.push(chunk);\n  for (const chunk of collected) {\n    // Usage rides',
      },
    ],
  },
  {
    name: 'usage-only-beside-a-choice',
    group: 'broken-labs',
    check: 'usage-chunk',
    hint: 'TODO(1)',
    why: 'usage is read only from chunks that carry a choice, so the trailing usage chunk is lost',
    mutations: [
      {
        file: READ,
        find: '    if (chunk.usage) {',
        replace: '    if (chunk.usage && chunk.choices?.[0]) {',
      },
    ],
  },
  {
    name: 'length-is-done',
    group: 'broken-labs',
    check: 'cut-stream',
    hint: 'TODO(2)',
    why: 'an answer cut at the token limit (finish reason length) is reported as done',
    mutations: [
      {
        file: ANSWER,
        find: "if (stats.finishReason === 'stop') return",
        replace: "if (stats.finishReason === 'stop' || stats.finishReason === 'length') return",
      },
    ],
  },
  {
    name: 'cut-only-when-graded',
    group: 'broken-labs',
    check: 'cut-stream',
    hint: 'TODO(2)',
    why: "answerOnce reports a cut answer only inside the grader's check process, and calls it done when a person runs it",
    realRunOnly: true,
    mutations: [
      {
        file: ANSWER,
        find: "if (stats.finishReason === 'stop') return",
        replace:
          "if (stats.finishReason === 'stop' || !process.argv.some((arg) => arg.includes('drive-lab'))) return",
      },
    ],
  },
  {
    name: 'shown-when-whole-when-run',
    group: 'broken-labs',
    check: 'as-it-arrives',
    hint: 'TODO(2)',
    why: "answerOnce shows each piece as it arrives only inside the grader's check process, and holds the text back until the end when a person runs it",
    realRunOnly: true,
    mutations: [
      {
        file: ANSWER,
        find: '        text += event.text;\n        onEvent(event);\n',
        replace:
          "        text += event.text;\n        if (process.argv.some((arg) => arg.includes('drive-lab'))) onEvent(event);\n",
      },
      {
        file: ANSWER,
        find: "  onEvent({ type: 'answer-stats', stats });",
        replace:
          "  if (!process.argv.some((arg) => arg.includes('drive-lab'))) onEvent({ type: 'text-delta', text });\n  onEvent({ type: 'answer-stats', stats });",
      },
    ],
  },
  {
    name: 'usage-only-when-graded',
    group: 'broken-labs',
    check: 'first-token-and-usage',
    hint: 'TODO(2)',
    why: "answerOnce keeps the endpoint's usage only inside the grader's check process, so a person's run says the endpoint sent none",
    realRunOnly: true,
    mutations: [
      {
        file: ANSWER,
        find: "      } else if (event.type === 'usage') {",
        replace:
          "      } else if (event.type === 'usage' && process.argv.some((arg) => arg.includes('drive-lab'))) {",
      },
    ],
  },
  {
    name: 'first-token-never-measured-when-run',
    group: 'broken-labs',
    check: 'first-token-and-usage',
    hint: 'TODO(2)',
    why: "answerOnce measures the time to first token only inside the grader's check process, and says 0 ms when a person runs it",
    realRunOnly: true,
    mutations: [
      {
        file: ANSWER,
        find: '        stats.firstTokenMs ??= now() - sent;',
        replace:
          "        stats.firstTokenMs ??= process.argv.some((arg) => arg.includes('drive-lab')) ? now() - sent : 0;",
      },
    ],
  },
  {
    name: 'replays-to-each-piece-when-driven',
    group: 'broken-labs',
    check: 'as-it-arrives',
    hint: 'TODO(2)',
    why: 'answerOnce holds the answer back and asks the model again up to each piece before showing it',
    mutations: REPLAYS_WHEN_DRIVEN,
  },
  {
    name: 'replays-to-the-first-piece-when-driven',
    group: 'broken-labs',
    check: 'first-token-and-usage',
    hint: 'TODO(2)',
    why: 'answerOnce reads the clock at the first piece of a second request, after the whole answer',
    mutations: REPLAYS_WHEN_DRIVEN,
  },
  {
    name: 'first-token-is-uptime-when-run',
    group: 'broken-labs',
    check: 'first-token-and-usage',
    hint: 'TODO(2)',
    why: "answerOnce measures the time to first token only inside the grader's check process, and says how long the program has run when a person runs it",
    realRunOnly: true,
    mutations: [
      {
        file: ANSWER,
        find: '        stats.firstTokenMs ??= now() - sent;',
        replace:
          "        stats.firstTokenMs ??= process.argv.some((arg) => arg.includes('drive-lab')) ? now() - sent : Math.round(performance.now());",
      },
    ],
  },
  {
    name: 'shown-when-whole',
    group: 'broken-labs',
    check: 'as-it-arrives',
    hint: 'TODO(2)',
    why: 'the text is gathered and handed to onEvent in one piece after the stream',
    mutations: [
      {
        file: ANSWER,
        find: '        text += event.text;\n        onEvent(event);\n',
        replace: '        text += event.text;\n',
      },
      {
        file: ANSWER,
        find: "  onEvent({ type: 'answer-stats', stats });",
        replace:
          "  onEvent({ type: 'text-delta', text });\n  onEvent({ type: 'answer-stats', stats });",
      },
    ],
  },
  {
    name: 'first-token-on-the-wall-clock',
    group: 'broken-labs',
    check: 'first-token-and-usage',
    hint: 'TODO(2)',
    why: 'time to first token is measured with performance.now, not the clock it is given',
    mutations: [
      {
        file: ANSWER,
        find: 'const now = options.now ?? (() => performance.now());',
        replace: 'const now = () => performance.now();',
      },
    ],
  },
  {
    name: 'first-token-at-every-piece',
    group: 'broken-labs',
    check: 'first-token-and-usage',
    hint: 'TODO(2)',
    why: 'the time is taken again at every piece, so it ends as the time to the last one',
    mutations: [
      {
        file: ANSWER,
        find: 'stats.firstTokenMs ??= now() - sent;',
        replace: 'stats.firstTokenMs = now() - sent;',
      },
    ],
  },
  {
    name: 'no-setting-for-401',
    group: 'broken-labs',
    check: 'http-error',
    hint: 'TODO(3)',
    why: 'a 401 says the key was refused but not which variable holds it',
    mutations: [
      {
        file: EXPLAIN,
        find: "if (status === 401) return 'Check OPENAI_API_KEY: it must hold a key this endpoint accepts.';",
        replace: "if (status === 401) return 'Check your API key.';",
      },
    ],
  },
  {
    name: 'prints-the-key',
    group: 'broken-labs',
    check: 'http-error',
    hint: 'TODO(3)',
    why: "the message shows the key it sent, read from the environment, 'to help'",
    mutations: [
      {
        file: EXPLAIN,
        find: '${whatToCheck(error.status)}`;',
        replace: '${whatToCheck(error.status)} (key: ${process.env.OPENAI_API_KEY})`;',
      },
    ],
  },
  {
    name: 'status-without-the-body',
    group: 'broken-labs',
    check: 'http-error',
    hint: 'TODO(3)',
    why: "the status is given but the server's own sentence in the JSON body is dropped",
    mutations: [
      {
        file: EXPLAIN,
        find: 'const said = serverSays(error);',
        replace: 'const said: string | undefined = undefined;',
      },
    ],
  },
  {
    name: 'names-every-setting',
    group: 'broken-labs',
    check: 'http-error',
    hint: 'TODO(3)',
    why: 'a 401 names every setting there is, so it says nothing about which one to check',
    mutations: [
      {
        file: EXPLAIN,
        find: "if (status === 401) return 'Check OPENAI_API_KEY: it must hold a key this endpoint accepts.';",
        replace: "if (status === 401) return 'Check OPENAI_API_KEY, MODEL and OPENAI_BASE_URL.';",
      },
    ],
  },
  {
    name: 'refused-blames-the-key',
    group: 'broken-labs',
    check: 'refused-connection',
    hint: 'TODO(3)',
    why: 'a refused connection also sends the person to OPENAI_API_KEY, which no server has read',
    mutations: [
      {
        file: EXPLAIN,
        find: 'and whether a proxy is needed or in the way.`;',
        replace: 'and whether a proxy is needed or in the way, or OPENAI_API_KEY.`;',
      },
    ],
  },
  {
    name: 'refused-as-anything-else',
    group: 'broken-labs',
    check: 'refused-connection',
    hint: 'TODO(3)',
    why: 'a refused connection falls through to the generic message: no cause, no OPENAI_BASE_URL',
    mutations: [
      {
        file: EXPLAIN,
        find: '  if (error instanceof APIConnectionError) {',
        replace: '  if (error instanceof APIConnectionError && error.status !== undefined) {',
      },
    ],
  },
];
