// The files `pnpm new-day` writes for a new day: a draft manifest, the smallest solution with one
// exercise and a command line, its lesson page in English and in Chinese, and one placeholder
// check that fails until the day's checks exist.
import { DEFAULT_HINT } from '@agent-course/course';
import type { DayPaths } from './day-paths';
import { TABLE_BEGIN, TABLE_END } from './exercise-table';
import { startScript } from './start-script';

/**
 * Words of the scaffold that a released day must have replaced: `pnpm course check` fails a day
 * that is no longer a draft while any of them is still in its manifest, package.json or pages.
 */
export const SCAFFOLD_PHRASES = [
  'describe the day in one line',
  'describe the day in a few words',
  'A few sentences on how to do it',
  "The student's page: what the day builds",
  "placeholder: return 'done'",
  '占位：返回',
  '这里写给学生的页面',
];

/** The package versions a new day starts with: those of day 3, so the lockfile gains nothing new. */
const TSX_VERSION = '^4.23.15';

/** Repository-relative path → text, for every file of a new day except its generated lab. */
export function dayTemplates(paths: DayPaths): Record<string, string> {
  const { day, number } = paths;
  const solution = paths.solutionRelative;
  const checkFile = `grader/src/days/${day}/checks/placeholder.ts`;
  const packageJson = {
    name: `@agent-course/${day}-solution`,
    version: '0.1.0',
    private: true,
    type: 'module',
    description: `Day ${number} reference solution: ${SCAFFOLD_PHRASES[0]}.`,
    exports: { '.': './src/index.ts' },
    scripts: {
      start: startScript('src/main.ts'),
      // The grader for this package's own day, so `pnpm grade` works inside the lab as at the root.
      grade: `node ../../grader/src/grade-command.mjs ${day} --lab .`,
      typecheck: 'tsc -p .',
      test: 'vitest run',
    },
    // Declared as the day's code starts importing them: the dependency check refuses unused ones.
    dependencies: {
      '@agent-course/cli': 'workspace:*',
      '@agent-course/core': 'workspace:*',
      '@agent-course/course': 'workspace:*',
      tsx: TSX_VERSION,
    },
  };
  return {
    [`${solution}/day.ts`]: [
      "import { defineDay } from '@agent-course/course';",
      '',
      `// Day ${number}'s manifest: its exercises, its checks and their hints, its starter's score.`,
      '// A draft until its checks are written and the solution scores full marks.',
      'export default defineDay({',
      `  id: '${day}',`,
      `  title: '${SCAFFOLD_PHRASES[1]}',`,
      '  draft: true,',
      "  start: 'src/main.ts',",
      '  starterScore: 0,',
      '  exercises: [',
      '    {',
      '      number: 1,',
      "      file: 'src/placeholder.ts',",
      `      task: "${SCAFFOLD_PHRASES[4]} (replace with the day's first exercise)",`,
      '      details:',
      `        '${SCAFFOLD_PHRASES[2]}: they are written under the TODO line in the starter ' +`,
      "        'and shown with the exercise on the lesson page.',",
      `      translations: { 'zh-CN': { task: "${SCAFFOLD_PHRASES[5]} 'done'（换成这一天的第一个练习）" } },`,
      '    },',
      '  ],',
      '  checks: [',
      '    {',
      "      id: 'placeholder',",
      "      title: 'placeholder: the day has no checks yet',",
      '      exercise: 1,',
      "      runsIn: 'child',",
      '      hints: {',
      `        ${DEFAULT_HINT}:`,
      `          "src/placeholder.ts, TODO(1) — instructors: write the day's checks in grader/src/days/${day}/checks/ and list them in ${solution}/day.ts",`,
      '      },',
      '    },',
      '  ],',
      '});',
      '',
    ].join('\n'),
    [`${solution}/package.json`]: `${JSON.stringify(packageJson, null, 2)}\n`,
    [`${solution}/tsconfig.json`]: `{\n  "extends": "../../tsconfig.base.json",\n  "include": ["src", "day.ts"]\n}\n`,
    [`${solution}/vitest.config.ts`]: `import { dayTestConfig } from '../../vitest.shared.ts';\n\nexport default dayTestConfig;\n`,
    [`${solution}/README.md`]: [
      `# Day ${number}`,
      '',
      `${SCAFFOLD_PHRASES[3]}, the goals, a walkthrough and the exercises.`,
      '',
      '## Exercises',
      '',
      TABLE_BEGIN,
      TABLE_END,
      '',
    ].join('\n'),
    // The same page for Chinese readers: the same sections in the same order, so the lesson-page
    // test can hold the two together once the day has its words.
    [`${solution}/README.zh-CN.md`]: [
      `# 第 ${number} 天`,
      '',
      `（${SCAFFOLD_PHRASES[6]}：这一天做什么、目标、讲解和练习。）`,
      '',
      '## 练习',
      '',
      TABLE_BEGIN,
      TABLE_END,
      '',
    ].join('\n'),
    [`${solution}/src/index.ts`]: `export { placeholder } from './placeholder';\n`,
    // The form every day's main.ts has: it exports what it hands to runCommandLine, and runs it only
    // as `pnpm start`, so a check can import the file and drive the same command line in-process.
    [`${solution}/src/main.ts`]: [
      "import { type DayCommandLine, isEntryPoint, runCommandLine } from '@agent-course/cli';",
      "import type { AgentRunOptions, AgentRunResult, FinishReason, Message } from '@agent-course/core';",
      "import { placeholder } from './placeholder';",
      '',
      '/**',
      ` * Stands in for day ${number}'s agent loop until it is written: one model turn without tools, then`,
      ' * what placeholder() returns. Enough for `pnpm start`, its --help and MOCK=1 to work on a draft.',
      ' */',
      'async function runDraftAgent(options: AgentRunOptions<[]>): Promise<AgentRunResult> {',
      '  const { model, question, signal } = options;',
      '  const onEvent = options.onEvent ?? (() => {});',
      "  const messages: Message[] = [{ role: 'user', content: question }];",
      "  let text = '';",
      "  let finishReason: FinishReason = 'unknown';",
      '  try {',
      '    for await (const event of model.stream({ messages, tools: [], signal })) {',
      "      if (event.type === 'finish') finishReason = event.finishReason;",
      "      if (event.type !== 'text-delta') continue;",
      '      text += event.text;',
      '      onEvent(event);',
      '    }',
      '  } catch (error) {',
      "    if (signal?.aborted) return { messages, stopReason: 'aborted', error: 'the run was cancelled' };",
      '    throw error;',
      '  }',
      "  onEvent({ type: 'turn-end', turn: 1, finishReason, toolCalls: 0 });",
      "  onEvent({ type: 'text-delta', text: `placeholder() says ${placeholder()}\\n` });",
      "  messages.push({ role: 'assistant', content: text, toolCalls: [] });",
      "  return { messages, stopReason: 'done' };",
      '}',
      '',
      '/**',
      ` * What \`pnpm start ${day}\` runs from the root, or \`pnpm start\` here (MOCK=1 needs no key); the`,
      ' * flags, --help and Ctrl-C come from `@agent-course/cli`, the same every day.',
      ' */',
      'export const commandLine: DayCommandLine<[]> = {',
      `  summary: 'Day ${number} is a draft: its agent asks the model once, then shows placeholder().',`,
      '  registry: [],',
      '  runAgent: runDraftAgent,',
      '  defaultMaxTurns: 1,',
      "  // What MOCK=1 plays. Once the day's checks drive this command line, move the scenario to",
      "  // packages/cli/src/scenarios/, as days 3 and 4 did, so the grader plays the kit's copy.",
      '  scenario: {',
      `    steps: () => [() => ({ text: 'Day ${number} has no agent yet.' })],`,
      '    injections: {},',
      `    seed: ${number},`,
      '    quirks: {},',
      '  },',
      '};',
      '',
      '// Run only when started as `pnpm start`; importing this file (as a check does) runs nothing.',
      'if (isEntryPoint(import.meta.url)) runCommandLine(commandLine);',
      '',
    ].join('\n'),
    [`${solution}/src/placeholder.ts`]: [
      "/** Stands in for the day's first concept; replace it, keeping the exercise markers around the code to write. */",
      'export function placeholder(): string {',
      '  // #region exercise 1',
      "  return 'done';",
      '  // #starter',
      "  //> return 'not yet';",
      '  // #endregion exercise 1',
      '}',
      '',
    ].join('\n'),
    [`${solution}/src/placeholder.test.ts`]: [
      "import { expect, it } from 'vitest';",
      "import { placeholder } from './placeholder';",
      '',
      "it('returns done', () => {",
      "  expect(placeholder()).toBe('done');",
      '});',
      '',
    ].join('\n'),
    [checkFile]: [
      "import type { CheckOutcome } from '../../../check';",
      '',
      '/**',
      ` * Stands in until day ${number} has real checks: it fails on every lab, so the gap cannot go`,
      ` * unnoticed. Write one file per check beside this one, list them in ${solution}/day.ts, then`,
      ' * remove this file and its entry.',
      ' */',
      'export async function run(): Promise<CheckOutcome> {',
      '  return {',
      '    passed: false,',
      `    expected: 'the checks of ${day}',`,
      `    got: 'only the placeholder check (${checkFile}); the day is a draft',`,
      '  };',
      '}',
      '',
    ].join('\n'),
  };
}
