import type { FixtureLab } from '../fixture-lab';

/** A broken lab, the one check it must fail, and where that check's hint must point. */
export interface BrokenLab extends FixtureLab {
  /** The id of the check this lab must fail; the test grades only that check. */
  check: string;
  /** Text the failing check's hint must contain: the file or the TODO to look at. */
  hint: string;
  /** Text the hint must not contain: a TODO it would be wrong to blame. */
  notInHint?: string;
  /** What the failing check's message must match: where the lab went wrong, when it can tell. */
  message?: RegExp;
  /**
   * Set when only the real run of the lab's command line (`MOCK=1 INJECT=bad_args pnpm start`,
   * see start-real-run.ts) shows the fault: the test then grades the lab whole, with `pnpm grade`,
   * instead of judging its check in process.
   */
  realRunOnly?: true;
}

/**
 * Each lab is the current solution with one idea broken. Most are mutations of the solution's own
 * file; the few that replace a file with a small one written from scratch keep it in
 * `broken-labs/<name>/`. The test judges each lab's checks in process (judgeLabInProcess), but for
 * the few marked `realRunOnly`, which it grades whole.
 */
export const BROKEN_LABS: BrokenLab[] = [
  {
    name: 'undescribed-loose-schema',
    group: 'broken-labs',
    check: 'tool-schemas',
    hint: 'src/tools/glob.ts',
    why: 'glob has no parameter descriptions and accepts unknown properties (its own glob.ts)',
    mutations: [],
  },
  {
    name: 'dot-dot-path-check',
    group: 'broken-labs',
    check: 'path-boundary',
    hint: 'src/tools/read-file.ts',
    why: 'the boundary check scans the text for "..", so absolute paths, prefix siblings and links pass',
    mutations: [],
  },
  {
    name: 'calls-in-arrival-order',
    group: 'broken-labs',
    check: 'fragment-merging',
    hint: 'TODO(1) — drain() must return the calls sorted by delta.index',
    why: 'drain() orders calls by when their first fragment arrived, not by index',
    mutations: [
      {
        file: 'src/tool-call-accumulator.ts',
        find: 'const ordered = [...this.begun].sort((left, right) => left.index - right.index);',
        replace: 'const ordered = [...this.begun];',
      },
    ],
  },
  {
    name: 'drain-keeps-calls',
    group: 'broken-labs',
    check: 'fragment-merging',
    hint: 'TODO(1)',
    why: 'drain() returns the calls but keeps them, so the next drain returns them again',
    mutations: [
      {
        file: 'src/tool-call-accumulator.ts',
        find: '    this.begun.length = 0;\n    this.latestOnIndex.clear();\n',
        replace: '',
      },
    ],
  },
  {
    name: 'index-as-array-subscript',
    group: 'broken-labs',
    check: 'fragment-merging',
    hint: 'TODO(1) — delta.index is a key, not an array position',
    why: 'the index is an array subscript counted from 0 (its own tool-call-accumulator.ts)',
    mutations: [],
  },
  {
    name: 'index-as-sparse-array',
    group: 'broken-labs',
    check: 'fragment-merging',
    hint: 'TODO(1) — delta.index is a key, not an array position',
    why: "calls stored at calls[delta.index] and drained as they are, a hole at 0 included (a student's version)",
    mutations: [],
  },
  {
    name: 'index-as-array-subscript-filtered',
    group: 'broken-labs',
    check: 'fragment-merging',
    hint: 'TODO(1) — a fragment bringing a different id at an index already in use starts a new call',
    why: "calls stored at calls[delta.index], drained without the holes: calls sharing index 0 merge (a student's version)",
    mutations: [],
  },
  {
    name: 'calls-keyed-by-id',
    group: 'broken-labs',
    check: 'fragment-merging',
    hint: "TODO(1) — only a call's first fragment carries its id",
    why: 'calls are keyed by id alone, so a fragment without one joins the latest call (its own tool-call-accumulator.ts)',
    mutations: [],
  },
  {
    name: 'call-per-fragment',
    group: 'broken-labs',
    check: 'fragment-merging',
    hint: 'TODO(1) — a fragment continues the call at its delta.index',
    why: 'every fragment opens a new call (its own tool-call-accumulator.ts)',
    mutations: [],
  },
  {
    name: 'one-call-per-index',
    group: 'broken-labs',
    check: 'fragment-merging',
    hint: 'TODO(1) — a fragment bringing a different id at an index already in use starts a new call',
    why: 'a new id on an index already in use joins that call, so calls that all come at index 0 merge into one',
    mutations: [
      {
        file: 'src/tool-call-accumulator.ts',
        find: 'if (!call || (delta.id && call.id && delta.id !== call.id)) {',
        replace: 'if (!call) {',
      },
    ],
  },
  {
    name: 'arguments-parsed-per-fragment',
    group: 'broken-labs',
    check: 'fragment-merging',
    hint: "TODO(1) — find each fragment's call by delta.index",
    why: 'each argument fragment must parse as JSON alone or is dropped',
    mutations: [
      {
        file: 'src/tool-call-accumulator.ts',
        find: 'if (delta.argsDelta) call.args += delta.argsDelta;',
        replace: [
          'if (delta.argsDelta) {',
          '      try {',
          '        JSON.parse(delta.argsDelta);',
          '        call.args += delta.argsDelta;',
          '      } catch {',
          '        // Broken on purpose: a fragment cut inside a string or an escape is lost.',
          '      }',
          '    }',
        ].join('\n'),
      },
    ],
  },
  {
    name: 'continuation-found-by-id',
    group: 'broken-labs',
    check: 'fragment-merging',
    hint: "src/tool-call-accumulator.ts, TODO(1) — find each fragment's call by delta.index",
    message:
      /got: the accumulator threw: Cannot read properties of undefined \(reading 'call'\) \(at src\/tool-call-accumulator\.ts:\d+\)$/,
    why: 'a fragment finds its call by its own id, so a later fragment, which has none, finds nothing and the accumulator throws',
    mutations: [
      {
        file: 'src/tool-call-accumulator.ts',
        find: '    if (delta.argsDelta) call.args += delta.argsDelta;\n',
        replace: [
          '    const target = delta.id ? call : this.begun.find((begun) => begun.call.id === delta.id)!.call;',
          '    if (delta.argsDelta) target.args += delta.argsDelta;',
          '',
        ].join('\n'),
      },
    ],
  },
  {
    name: 'finish-reason-only',
    group: 'broken-labs',
    check: 'fragment-merging',
    hint: 'src/run-agent.ts',
    why: "the loop trusts the finish reason alone, so a tool turn that finishes with 'stop' ends the run",
    mutations: [
      {
        file: 'src/run-agent.ts',
        find: "const isToolTurn = finishReason === 'tool_calls' || calls.length > 0;",
        replace: "const isToolTurn = finishReason === 'tool_calls';",
      },
    ],
  },
  {
    name: 'read-file-throws-outside',
    group: 'broken-labs',
    check: 'path-boundary',
    hint: 'src/tools/read-file.ts:43 — this line threw',
    notInHint: 'TODO(',
    message:
      /got: it threw: \.\.\/outside\/secret\.txt is outside the workspace \(at src\/tools\/read-file\.ts:43\)$/,
    why: 'read_file refuses a path outside the root by throwing, not with { ok: false }',
    mutations: [
      {
        file: 'src/tools/read-file.ts',
        find: '    const read = await readWorkspaceFile(',
        replace: [
          "    if (path.startsWith('/') || path.includes('..')) throw new Error(`${path} is outside the workspace`);",
          '    const read = await readWorkspaceFile(',
        ].join('\n'),
      },
    ],
  },
  {
    name: 'read-file-throws-for-every-file',
    group: 'broken-labs',
    check: 'truncation',
    hint: 'src/tools/read-file.ts:43 — this line threw',
    notInHint: 'TODO(',
    message: /; read_file threw at src\/tools\/read-file\.ts:43$/,
    why: "read_file throws on every call (__filename in an ES module), which the registry rightly answers as a failed result: the truncation check names that line, not the registry's TODO(2)",
    mutations: [
      {
        file: 'src/tools/read-file.ts',
        find: '    const read = await readWorkspaceFile(',
        replace: [
          "    if (path) throw new ReferenceError('__filename is not defined');",
          '    const read = await readWorkspaceFile(',
        ].join('\n'),
      },
    ],
  },
  {
    name: 'throws-on-bad-arguments',
    group: 'broken-labs',
    check: 'bad-arguments',
    hint: 'TODO(2)',
    why: 'arguments that are not JSON or break the schema throw instead of becoming a result',
    mutations: [
      {
        file: 'src/tool-registry.ts',
        find: 'return failed(\n        `the arguments for ${tool.name} are not valid JSON',
        replace: 'throw new Error(\n        `the arguments for ${tool.name} are not valid JSON',
      },
      {
        file: 'src/tool-registry.ts',
        find: 'return failed(\n        `the arguments for ${tool.name} do not match its schema',
        replace:
          'throw new Error(\n        `the arguments for ${tool.name} do not match its schema',
      },
    ],
  },
  {
    name: 'no-schema-check',
    group: 'broken-labs',
    check: 'bad-arguments',
    hint: "TODO(2) — a call whose arguments break the tool's schema ran anyway",
    message: /\ngot: the result has ok: true, so the tool ran on arguments that break its schema/,
    why: 'execute runs the tool on the parsed JSON as it is, never checking it against the schema',
    mutations: [
      {
        file: 'src/tool-registry.ts',
        find: 'const checked = tool.parameters.safeParse(value);',
        replace:
          'const checked = { success: true as const, data: value as never, error: undefined as never };',
      },
    ],
  },
  {
    name: 'empty-arguments-as-json',
    group: 'broken-labs',
    check: 'bad-arguments',
    hint: "TODO(2) — empty arguments ('') mean {}",
    message: /not valid JSON|JSON/,
    why: "execute parses empty arguments as JSON, so '' is answered as broken JSON instead of a missing field: it fails whatever the seed",
    mutations: [
      {
        file: 'src/tool-registry.ts',
        find: "value = call.args.trim() === '' ? {} : JSON.parse(call.args);",
        replace: 'value = JSON.parse(call.args);',
      },
    ],
  },
  {
    name: 'exits-5-when-started',
    group: 'broken-labs',
    check: 'bad-arguments',
    realRunOnly: true,
    hint: 'the run must end by itself with exit code 0',
    why: 'src/main.ts sets exit code 5 only when it is started, as `pnpm start` starts it: the real run must start it so',
    mutations: [
      {
        file: 'src/main.ts',
        find: 'if (isEntryPoint(import.meta.url)) runCommandLine(commandLine);',
        replace:
          "if (isEntryPoint(import.meta.url)) {\n  process.on('exit', () => {\n    process.exitCode = 5;\n  });\n  runCommandLine(commandLine);\n}",
      },
    ],
  },
  {
    name: 'schema-failure-marked-ok',
    group: 'broken-labs',
    check: 'bad-arguments',
    hint: 'TODO(2) — parse the JSON, check it against',
    notInHint: 'ran anyway',
    message:
      /\ngot: the result has ok: true; it said "the arguments for \w+ do not match its schema/,
    why: 'execute checks the arguments and words the problem, but marks its answer ok: true',
    mutations: [
      {
        file: 'src/tool-registry.ts',
        find: 'return failed(\n        `the arguments for ${tool.name} do not match its schema',
        replace: 'return ok(\n        `the arguments for ${tool.name} do not match its schema',
      },
      {
        file: 'src/tool-registry.ts',
        find: 'function failed(content: string): ToolResult {',
        replace:
          'function ok(content: string): ToolResult {\n  return { ok: true, content };\n}\n\nfunction failed(content: string): ToolResult {',
      },
    ],
  },
  {
    name: 'fails-only-as-a-process',
    group: 'broken-labs',
    check: 'bad-arguments',
    realRunOnly: true,
    hint: 'the run must end by itself with exit code 0',
    why: 'the answers are right, but the process ends with exit code 3, which only a real run of `pnpm start` shows',
    mutations: [
      {
        file: 'src/run-agent.ts',
        find: 'export const DEFAULT_MAX_TURNS = 12;\n',
        replace:
          "export const DEFAULT_MAX_TURNS = 12;\nprocess.on('exit', () => {\n  process.exitCode = 3;\n});\n",
      },
    ],
  },
  {
    name: 'no-catch-around-run',
    group: 'broken-labs',
    check: 'bad-arguments',
    hint: 'TODO(2)',
    why: 'a tool that throws takes the run down: the error is thrown on instead of becoming a result',
    mutations: [
      {
        file: 'src/tool-registry.ts',
        find: 'return await tool.run(checked.data, context);\n    } catch (error) {\n',
        replace:
          'return await tool.run(checked.data, context);\n    } catch (error) {\n      throw error;\n',
      },
    ],
  },
  {
    name: 'tool-run-not-awaited',
    group: 'broken-labs',
    check: 'bad-arguments',
    hint: "src/tool-registry.ts, TODO(2) — a tool's run threw and its error came out of execute",
    message:
      /it threw: .+ \(at src\/tool-registry\.ts:\d+\): the error the grader's tool \w+ threw came out of execute uncaught$/,
    why: "execute returns tool.run's promise without awaiting it inside the try, so a tool that throws takes the run down",
    mutations: [
      {
        file: 'src/tool-registry.ts',
        find: 'return await tool.run(checked.data, context);',
        replace: 'return tool.run(checked.data, context);',
      },
    ],
  },
  {
    name: 'schema-problem-without-field',
    group: 'broken-labs',
    check: 'bad-arguments',
    hint: 'TODO(2)',
    why: 'arguments that break the schema get a sentence naming neither the field nor the problem',
    mutations: [
      {
        file: 'src/tool-registry.ts',
        find: 'if (!checked.success) {\n',
        replace:
          'if (!checked.success) {\n      return failed(`the arguments for ${tool.name} do not fit; try again`);\n',
      },
    ],
  },
  {
    name: 'wrong-unknown-tool-sentence',
    group: 'broken-labs',
    check: 'unknown-tool',
    hint: 'TODO(2)',
    why: 'an unknown tool gets a vague sentence that names no alternatives',
    mutations: [
      {
        file: 'src/tool-registry.ts',
        find: 'return failed(`there is no tool named ${call.name}. Available: ${available}`);',
        replace: "return failed('operation failed: unknown tool');",
      },
    ],
  },
  {
    name: 'cut-fitted-to-20000',
    group: 'broken-labs',
    check: 'truncation',
    hint: 'TODO(3)',
    why: 'the note states the cut of a 20,000-character result whatever the length',
    mutations: [
      {
        file: 'src/truncate-result.ts',
        find: 'truncationNote({ cut: tailStart - headEnd, total: original.length })',
        replace: 'truncationNote({ cut: 12000, total: 20000 })',
      },
    ],
  },
  {
    name: 'head-only-truncation',
    group: 'broken-labs',
    check: 'truncation',
    hint: 'TODO(3)',
    why: 'truncation keeps only the head, so the tail is lost (its own truncate-result.ts)',
    mutations: [],
  },
  {
    name: 'truncation-throws-on-failures',
    group: 'broken-labs',
    check: 'bad-arguments',
    hint: 'src/truncate-result.ts:24, TODO(3)',
    notInHint: 'TODO(2)',
    why: "truncateResult throws on a failed result, so the registry's answers to bad arguments never come back",
    mutations: [
      {
        file: 'src/truncate-result.ts',
        find: '  const original = result.content;\n',
        replace:
          "  const original = result.content;\n  if (!result.ok) throw new Error('cannot truncate a failure');\n",
      },
    ],
  },
  {
    name: 'loop-throws-on-unknown-tools',
    group: 'broken-labs',
    check: 'unknown-tool',
    hint: 'src/run-agent.ts:133 — this line threw',
    notInHint: 'TODO(',
    why: 'the loop throws on a call to a tool it does not know, in code no exercise owns, instead of asking the registry',
    mutations: [
      {
        file: 'src/run-agent.ts',
        find: '    for (const call of calls) {\n',
        replace:
          '    for (const call of calls) {\n      if (!registry.list().some((tool) => tool.name === call.name)) throw new Error(`no ${call.name}`);\n',
      },
    ],
  },
  {
    name: 'registry-passes-argument-text',
    group: 'broken-labs',
    check: 'call-order',
    hint: 'src/tool-registry.ts, TODO(2)',
    notInHint: 'src/tools/',
    why: 'execute hands tool.run the raw argument text instead of the checked arguments, so every tool fails through it though each works alone',
    mutations: [
      {
        file: 'src/tool-registry.ts',
        find: 'return await tool.run(checked.data, context);',
        replace: 'return await tool.run(call.args as never, context);',
      },
    ],
  },
  {
    name: 'later-fragment-erases-name',
    group: 'broken-labs',
    check: 'fragment-merging',
    hint: "only a call's first fragment carries its id and name",
    notInHint: 'open a new call only for an index not seen yet',
    why: 'the name is copied from every fragment, so the later ones, which carry none, erase it',
    mutations: [
      {
        file: 'src/tool-call-accumulator.ts',
        find: '    if (delta.name) call.name = delta.name;',
        replace: '    call.name = delta.name as string;',
      },
    ],
  },
  {
    name: 'cut-splits-an-emoji',
    group: 'broken-labs',
    check: 'truncation',
    hint: 'an emoji is two UTF-16 units',
    why: 'the cut never moves off the middle of a surrogate pair, so half an emoji is kept',
    mutations: [
      {
        file: 'src/truncate-result.ts',
        find: '  if (HIGH_HALF.test(original.charAt(headEnd - 1))) headEnd -= 1;\n  if (LOW_HALF.test(original.charAt(tailStart))) tailStart += 1;\n',
        replace: '',
      },
    ],
  },
  {
    name: 'cut-splits-an-emoji-at-the-head',
    group: 'broken-labs',
    check: 'truncation',
    hint: 'an emoji is two UTF-16 units',
    why: 'only the tail end of the cut is kept off a surrogate pair; every grade tries both ends',
    mutations: [
      {
        file: 'src/truncate-result.ts',
        find: '  if (HIGH_HALF.test(original.charAt(headEnd - 1))) headEnd -= 1;\n',
        replace: '',
      },
    ],
  },
  {
    name: 'cut-splits-an-emoji-at-the-tail',
    group: 'broken-labs',
    check: 'truncation',
    hint: 'an emoji is two UTF-16 units',
    why: 'only the head end of the cut is kept off a surrogate pair; every grade tries both ends',
    mutations: [
      {
        file: 'src/truncate-result.ts',
        find: '  if (LOW_HALF.test(original.charAt(tailStart))) tailStart += 1;\n',
        replace: '',
      },
    ],
  },
  {
    name: 'registry-fails-every-call',
    group: 'broken-labs',
    check: 'truncation',
    hint: "src/tool-registry.ts, TODO(2) — read_file's call came back failed",
    notInHint: 'through truncateResult',
    why: 'execute hands tool.run the raw argument text, so the long read the cut is checked on fails before anything is cut; the hint is about the call, not about truncating',
    mutations: [
      {
        file: 'src/tool-registry.ts',
        find: 'return await tool.run(checked.data, context);',
        replace: 'return await tool.run(call.args as never, context);',
      },
    ],
  },
  {
    name: 'results-never-fed-back',
    group: 'broken-labs',
    check: 'call-order',
    hint: 'src/run-agent.ts',
    why: 'the loop runs each call but never answers it with a tool message',
    mutations: [
      {
        file: 'src/run-agent.ts',
        find: "      messages.push({ role: 'tool', toolCallId: call.id, content: result.content });\n",
        replace: '',
      },
    ],
  },
];
