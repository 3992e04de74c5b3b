// The files `pnpm new-day` writes for a new day: the smallest solution with one exercise region,
// and a grader day whose single check fails until the real checks replace it.
import type { DayPaths } from './day-paths';

/** Repository-relative path → text, for every file of a new day except its generated lab. */
export function dayTemplates(paths: DayPaths): Record<string, string> {
  const { day, number } = paths;
  const dayExport = `day${number}`;
  const solution = paths.solutionRelative;
  const graderDay = `grader/src/days/${day}`;
  const manifest = {
    name: `@agent-course/${day}-solution`,
    version: '0.1.0',
    private: true,
    type: 'module',
    description: `Day ${number} reference solution: describe the day in one line.`,
    exports: { '.': './src/index.ts' },
    scripts: { typecheck: 'tsc -p .', test: 'vitest run' },
    // Declared as the day's code starts importing them: the dependency check refuses unused ones.
    dependencies: {},
  };
  return {
    [`${solution}/package.json`]: `${JSON.stringify(manifest, null, 2)}\n`,
    [`${solution}/tsconfig.json`]: `{\n  "extends": "../../tsconfig.base.json",\n  "include": ["src"]\n}\n`,
    [`${solution}/vitest.config.ts`]: `import { sharedTestConfig } from '../../vitest.shared.ts';\n\nexport default sharedTestConfig;\n`,
    [`${solution}/README.md`]: `# Day ${number}\n\nThe student's page: what the day builds, the goals, a walkthrough and the exercises.\n`,
    [`${solution}/src/index.ts`]: `export { placeholder } from './placeholder';\n`,
    [`${solution}/src/placeholder.ts`]: [
      "/** Stands in for the day's first concept; replace it, keeping the exercise markers around the code to write. */",
      'export function placeholder(): string {',
      "  // #region exercise 1: placeholder — return 'done' (replace this exercise with the day's first one)",
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
    [`${graderDay}/index.ts`]: [
      "import type { Day } from '../../day';",
      "import { placeholder } from './checks/placeholder';",
      '',
      `/** Day ${number}: describe the day in one line. */`,
      `export const ${dayExport}: Day = {`,
      `  id: '${day}',`,
      `  labDir: 'labs/${day}',`,
      `  solutionDir: '${solution}',`,
      '  checks: [placeholder],',
      '};',
      '',
    ].join('\n'),
    [`${graderDay}/checks/placeholder.ts`]: [
      "import type { Check } from '../../../check';",
      '',
      '/** Stands in until the day has real checks; it fails on purpose so the gap cannot go unnoticed. */',
      'export const placeholder: Check = {',
      "  id: 'placeholder',",
      "  title: 'placeholder: the day has no real checks yet',",
      `  hint: 'src/placeholder.ts, TODO(1) — instructors: replace ${graderDay}/checks/placeholder.ts with real checks',`,
      "  runsIn: 'child',",
      '  load: async () => ({',
      '    run: async () => ({',
      '      passed: false,',
      "      expected: 'checks written for the day',",
      `      got: 'only the placeholder check in ${graderDay}/checks/placeholder.ts',`,
      '    }),',
      '  }),',
      '};',
      '',
    ].join('\n'),
  };
}
