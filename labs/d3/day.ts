import { defineDay } from '@agent-course/course';

// Day 3's manifest: the one place that says what the day asks and how it is graded. The starter
// generator writes each exercise's TODO comment from it, the grader reads the checks and hints from
// it, and `pnpm course check` holds the lesson page's exercise table and the starter's score to it.

const ACCUMULATOR = 'src/tool-call-accumulator.ts';
const REGISTRY = 'src/tool-registry.ts';
const TRUNCATION = 'src/truncate-result.ts';
const RUN_AGENT = 'src/run-agent.ts';
const SCHEMA_RULE =
  'a description with an example and a limit, .describe() on every parameter, z.strictObject, readOnly: true';
const GREP = 'src/tools/grep.ts';
/** call-order's hint when the lesson's run fed back a failure from one of its own tools. */
const toolFailed = ({ tool, file }: { tool: string; file: string }) =>
  `${file} — ${tool}'s own call failed on the lesson's input, and the "got" line quotes its answer; fix what the answer names in ${file}`;
/** The hint when a call that works fed back something other than what its tool answers. */
const RESULT_CHANGED = `${REGISTRY}, TODO(2) — a call that works must feed back exactly what its tool returned for it: hand tool.run the checked arguments (checked.data) and the context as they are, and return its result, cut only when longer than MAX_RESULT_CHARS; ${RUN_AGENT} puts that content, unchanged, in the call's own tool message`;
/** The figures the lesson pages quote; measure-figures.ts measures each one on this solution. */
const FIGURES = {
  /** What the offline run's glob, grep and read_file feed back, in characters. */
  'fed-back': [50, 361, 248],
  /** The tool results' share of the conversation resent after each turn, in characters. */
  'tool-share': [50, 411, 659],
  'result-cap': 8_000,
  /** What a 20,000-character result is cut to, how much is cut, and the note's own length. */
  truncated: 8_054,
  cut: 12_000,
  'note-length': 54,
};
const grouped = (figure: number) => figure.toLocaleString('en-US');
const BOUNDARY_RULE =
  "hand the path or pattern to the workspace package's engine unchanged and return its error as { ok: false }";

export default defineDay({
  id: 'd3',
  title: 'the tool protocol and the read-only trio',
  draft: false,
  start: 'src/main.ts',
  buildsOn: ['d1', 'd2'],
  starterScore: 2,
  figures: FIGURES,
  exercises: [
    {
      number: 1,
      file: ACCUMULATOR,
      task: 'ToolCallAccumulator: merge streamed fragments into whole calls',
      details:
        'Choose where the calls being merged live; delta.index is a key the provider picked (it ' +
        'may start at 1 and skip numbers), not a position. In push(), find the call the fragment ' +
        'belongs to: a fragment without an id continues the latest call on its index; a fragment ' +
        'whose id differs from the id the latest call on its index already has opens a new call ' +
        '(some gateways send every parallel call on index 0). Write id and name only when the ' +
        'fragment carries them; append argsDelta. drain() returns the calls in index order, calls ' +
        'sharing an index in the order they began; a call that never got an id gets this.idPrefix ' +
        'plus its position in the drained list (call_1_0, call_1_1, ...); then the accumulator is ' +
        'empty for the next turn.',
      translations: {
        'zh-CN': { task: 'ToolCallAccumulator：把流式响应里的分片合并成完整的工具调用' },
      },
    },
    {
      number: 2,
      file: REGISTRY,
      task: 'execute: never throw; turn every failure into a result the model can act on',
      details:
        'Return { ok: false, content } for each of four failures, in your own words, saying what ' +
        'to do next. The grader reads what each message contains: an unknown tool names the ' +
        'unknown name and every tool name in the registry; invalid JSON says the arguments are ' +
        "not valid JSON (the word JSON) and where (the parser's message or a position); a schema " +
        'violation names the field and the type or limit it expects (tool.parameters.safeParse ' +
        "lists each issue's path and message); a tool whose run throws names the tool and the " +
        "error's message. Empty arguments ('') mean {}.",
      translations: {
        'zh-CN': { task: 'execute：永不抛异常，把每种失败都变成模型能据此改正的结果' },
      },
    },
    {
      number: 3,
      file: TRUNCATION,
      task: 'truncateResult: keep a long result within MAX_RESULT_CHARS, head and tail',
      details:
        'A result longer than MAX_RESULT_CHARS keeps 60% of the budget from its start and 40% from ' +
        'its end, with truncationNote({ cut, total }) where the middle was; work out cut and ' +
        'total yourself. Set meta.truncated and meta.originalChars. Never split a surrogate pair: ' +
        'an emoji that a cut would halve is left out whole and counted as cut. Name the 60% once, ' +
        'next to MAX_RESULT_CHARS, not as a bare number inside the function. Shorter results pass ' +
        'unchanged.',
      translations: {
        'zh-CN': {
          task: 'truncateResult：保留开头和结尾，把过长的结果截断到 MAX_RESULT_CHARS 以内',
        },
      },
    },
  ],
  checks: [
    {
      id: 'tool-schemas',
      title:
        'tool schemas: verb_noun names, examples and limits, described and strict parameters, readOnly',
      hints: {
        default: `src/tools/*.ts — ${SCHEMA_RULE}`,
        'glob-schema': `src/tools/glob.ts — ${SCHEMA_RULE}`,
        'grep-schema': `src/tools/grep.ts — ${SCHEMA_RULE}`,
        'read-file-schema': `src/tools/read-file.ts — ${SCHEMA_RULE}`,
      },
    },
    {
      id: 'path-boundary',
      title:
        'path boundary: .., absolute, same-prefix sibling and symlinked paths are refused by every tool',
      hints: {
        default: `src/tools/*.ts — ${BOUNDARY_RULE} (globWorkspace, grepWorkspace, readWorkspaceFile)`,
        'glob-skips-boundary': `src/tools/glob.ts — ${BOUNDARY_RULE} (globWorkspace)`,
        'grep-skips-boundary': `src/tools/grep.ts — ${BOUNDARY_RULE} (grepWorkspace)`,
        'read-file-skips-boundary': `src/tools/read-file.ts — ${BOUNDARY_RULE} (readWorkspaceFile)`,
      },
    },
    {
      id: 'fragment-merging',
      exercise: 1,
      title:
        'fragment merging: interleaved fragments from index 1, and calls sharing index 0, merge whole, even on a stop turn',
      hints: {
        default: `${ACCUMULATOR}, TODO(1) — find each fragment's call by delta.index (a new id there opens a new call), write id/name only when present, append argsDelta, drain sorted by index`,
        'array-by-position': `${ACCUMULATOR}, TODO(1) — delta.index is a key, not an array position: indexes may start at 1 or skip numbers, so an array leaves empty calls in the holes; key the calls by index, e.g. in a Map`,
        'arrival-order': `${ACCUMULATOR}, TODO(1) — drain() must return the calls sorted by delta.index, not in the order their first fragments arrived`,
        'keyed-by-id': `${ACCUMULATOR}, TODO(1) — only a call's first fragment carries its id; find the call by delta.index, so each later fragment joins its own call rather than the latest one`,
        'call-per-fragment': `${ACCUMULATOR}, TODO(1) — a fragment continues the call at its delta.index; open a new call only for an index not seen yet, or a new id on it`,
        'name-erased': `${ACCUMULATOR}, TODO(1) — only a call's first fragment carries its id and name: write them when a fragment has them, never the undefined of a later one over them`,
        'one-call-per-index': `${ACCUMULATOR}, TODO(1) — a fragment bringing a different id at an index already in use starts a new call: some gateways send every parallel call at index 0`,
        'loop-stop-turn': `${RUN_AGENT} — a turn is a tool turn when its finish reason is tool_calls or at least one call was merged`,
      },
    },
    {
      id: 'bad-arguments',
      // The injected turns only reach the registry as calls the accumulator merged.
      dependsOn: ['fragment-merging'],
      exercise: 2,
      title:
        'bad arguments: invalid JSON, a missing field and a wrong type become failed results; exit 0',
      hints: {
        default: `${REGISTRY}, TODO(2) — parse the JSON, check it against the tool's schema, and return { ok: false, content } instead of throwing: say "JSON" and where it broke, or name the wrong field and what it expects`,
        'no-calls': `${RUN_AGENT} — push every fragment into the accumulator and run each call it drains; then ${REGISTRY}, TODO(2)`,
        'schema-not-checked': `${REGISTRY}, TODO(2) — a call whose arguments break the tool's schema ran anyway: check the parsed JSON with tool.parameters.safeParse before tool.run, and answer a failed check with { ok: false } naming each issue's field and message`,
        'empty-arguments-as-json': `${REGISTRY}, TODO(2) — empty arguments ('') mean {}: read them as {} before parsing, so the schema check answers with the missing field rather than a JSON error`,
        'tool-throw-escaped': `${REGISTRY}, TODO(2) — a tool's run threw and its error came out of execute: await tool.run inside the try (returning its promise lets the rejection escape) and answer with { ok: false } naming the tool and the error's message`,
        'result-changed': RESULT_CHANGED,
        'exit-code':
          'src/main.ts and what it runs — as a process, the run must end by itself with exit code 0: no process.exit or exit code set on the way out, no unhandled rejection, no server or timer left open',
      },
    },
    {
      id: 'unknown-tool',
      // The injected turns only reach the registry as calls the accumulator merged.
      dependsOn: ['fragment-merging'],
      exercise: 2,
      title: 'unknown tool: edit_file is answered with the tools that exist, and the run goes on',
      hints: {
        default: `${REGISTRY}, TODO(2) — when no tool has the call's name, return { ok: false } with a message naming the unknown tool and every tool the registry has`,
        'no-calls': `${RUN_AGENT} — push every fragment into the accumulator and run each call it drains; then ${REGISTRY}, TODO(2)`,
        'scenario-changed':
          "scenario.ts — the offline model's INJECT=unknown_tool turn must call edit_file",
        'result-changed': RESULT_CHANGED,
      },
    },
    {
      id: 'truncation',
      exercise: 3,
      title: `truncation: 20,000 characters become ${grouped(FIGURES.truncated)} (60/40 head and tail, ${grouped(FIGURES.cut)} cut), short results untouched`,
      hints: {
        default: `${TRUNCATION}, TODO(3) — keep the first 60% and the last 40% of MAX_RESULT_CHARS around truncationNote, and set meta`,
        'not-applied': `${REGISTRY} — execute must pass every result through truncateResult, once`,
        'split-emoji': `${TRUNCATION}, TODO(3) — an emoji is two UTF-16 units: when a cut would fall between them, move it so the whole pair is left out, and count it as cut`,
        'call-failed': `${REGISTRY}, TODO(2) — read_file's call came back failed, so there was nothing to cut: execute must parse the call's JSON arguments and run the tool with them`,
      },
    },
    {
      id: 'call-order',
      // The run can only feed back what the accumulator merged.
      dependsOn: ['fragment-merging'],
      exercise: 1,
      title: `call order: glob, grep, read_file feed back ${FIGURES['fed-back'].map(grouped).join(', ')} characters, then a conclusion`,
      hints: {
        default: `${ACCUMULATOR}, TODO(1), and ${RUN_AGENT} — merge every call, run each, answer each with one tool message`,
        'no-calls': `${RUN_AGENT} — push every fragment into the accumulator and run each call it drains`,
        pairing: `${RUN_AGENT} — push one tool message per call, right after the assistant message`,
        'glob-failed': toolFailed({ tool: 'glob', file: 'src/tools/glob.ts' }),
        'grep-failed': toolFailed({ tool: 'grep', file: GREP }),
        'read-file-failed': toolFailed({ tool: 'read_file', file: 'src/tools/read-file.ts' }),
        'fails-through-registry': `${REGISTRY}, TODO(2) — that tool answers the lesson's call when run alone, so its failure comes from execute: hand tool.run the checked arguments (checked.data) and the context as they are, and return what it returns`,
        'result-changed': RESULT_CHANGED,
      },
    },
  ],
  stretch: [
    {
      id: 'grep-description',
      title:
        'grep described from nothing: output, example, RE2 syntax, the 50-match default, a bounded strict schema',
      attempt:
        'pnpm stretch grep-description (from labs/d3; git checkout src/tools/grep.ts undoes it)',
      hints: {
        default: `${GREP} — write the description for the model: what a match looks like, an example call, the syntax, the limits`,
        'too-short': `${GREP} — say what grep returns (path:line:content), show an example call, name the syntax and state the limits`,
        'too-long': `${GREP} — cut what the model does not need to call grep right; every request resends the description`,
        'no-output': `${GREP} — say a match comes back as path:line:content, so the model can open a hit with read_file`,
        'no-example': `${GREP} — show one whole example call, e.g. {"pattern": "export (async )?function", "include": "*.ts"}`,
        'no-dialect': `${GREP} — name the syntax (RE2, as in ripgrep: no lookaround); models otherwise write PCRE`,
        'no-limit': `${GREP} — state the default number of matches (DEFAULT_GREP_LIMIT from @agent-course/workspace)`,
        'undescribed-parameter': `${GREP} — .describe() every parameter: include with a glob example, limit with its default and maximum`,
        'loose-schema': `${GREP} — z.strictObject with pattern (a non-empty string, required), include and limit (a whole number from 1 to MAX_GREP_LIMIT) optional; readOnly: true`,
      },
    },
  ],
});
