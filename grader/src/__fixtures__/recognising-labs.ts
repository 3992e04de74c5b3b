import type { FixtureLab } from '../fixture-lab';
import { EXPECTED_CALLS, SAME_INDEX_CALLS } from '../days/d3/judging/interleaved-fragments';

const ACCUMULATOR = 'src/tool-call-accumulator.ts';

/**
 * A lab written against the grader's fixed inputs instead of the lesson, as a student reading the
 * grader might write it: about a dozen lines over the untouched starter, each recognising one of
 * the chapter's scenarios and answering with what the check wants to see. Against fixed inputs
 * alone it scored 7/7; with the seeded variants it must score no more than the starter.
 */
export const RECOGNISING_LAB: FixtureLab = {
  name: 'canned-fixed-scenarios',
  group: 'recognising-labs',
  why: 'canned calls chosen by fragment count, canned sentences for the scripted bad calls, and a fixed 4,800/3,200 cut with a 12,000 note',
  mutations: [
    {
      file: ACCUMULATOR,
      find: '  push(delta: ToolCallDelta): void {\n    void delta;\n  }',
      replace:
        '  private deltas: ToolCallDelta[] = [];\n  push(delta: ToolCallDelta): void {\n    this.deltas.push(delta);\n  }',
    },
    {
      file: ACCUMULATOR,
      find: '  drain(): ToolCall[] {\n    return [];\n  }',
      replace: `  drain(): ToolCall[] {
    const deltas = this.deltas.splice(0);
    const canned: Record<string, ToolCall[]> = ${JSON.stringify({ '14@2': EXPECTED_CALLS, '8@0': SAME_INDEX_CALLS })};
    const key = \`\${deltas.length}@\${deltas[0]?.index}\`;
    if (canned[key]) return canned[key]!;
    const heads = deltas.filter((delta) => delta.name).sort((left, right) => left.index - right.index);
    const bad: Record<string, string> = { read_file: '{"path":"src/calc.js"', grep: '{"include":"**/*.js"}', glob: '{"pattern":"**/*.js","limit":"all"}' };
    const joined = deltas.map((delta) => delta.argsDelta ?? '').join('');
    return heads.map((head) => ({ id: head.id!, name: head.name!, args: heads.length === 3 ? bad[head.name!]! : joined }));
  }`,
    },
    {
      file: 'src/tool-registry.ts',
      find: '    const tool = byName.get(call.name)!;\n    return tool.run(JSON.parse(call.args), context);',
      replace: `    const tool = byName.get(call.name);
    if (!tool) return failed('there is no tool named edit_file. Available: glob, grep, read_file');
    if (call.args.includes('"src/calc.js"') && !call.args.endsWith('}') || call.args.includes('"all"') || !call.args.includes('"pattern"') && call.name === 'grep')
      return failed('the JSON arguments are wrong: fix the pattern');
    return tool.run(JSON.parse(call.args), context);`,
    },
    {
      file: 'src/truncate-result.ts',
      find: '  return result;',
      replace: `  if (result.content.length <= MAX_RESULT_CHARS) return result;
  const note = '\\n[12000 cut]'.padEnd(53, ' ') + '\\n';
  const content = result.content.slice(0, 4800) + note + result.content.slice(-3200);
  return { ...result, content, meta: { truncated: true, originalChars: 20000 } };`,
    },
  ],
};
