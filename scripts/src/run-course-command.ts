import type { CommandContext } from './run-starter-command';
import { findCourseDays, runCourseCheck, type CourseCheckOptions } from './run-course-check';

const USAGE = `usage: pnpm course check [<day>...]

For every day with solutions/<day> and labs/<day> (or only the days named), verifies that the
starter equals its generated form, both packages typecheck, the starter scores its declared
baseline (scripts/src/course-days.ts), the solution scores full marks, and every exercise has a
failing check whose hint names its TODO.`;

/** `pnpm course check [<day>...]`; returns the exit code. */
export async function runCourseCommand(
  context: CommandContext &
    Pick<CourseCheckOptions, 'gradeLab' | 'typecheckPackage' | 'courseDays'>,
): Promise<number> {
  const { root, args, print } = context;
  const [subcommand, ...days] = args;
  if (subcommand === '--help' || subcommand === '-h') {
    print(USAGE);
    return 0;
  }
  if (subcommand !== 'check' || days.some((day) => day.startsWith('-'))) {
    print(
      `pnpm course: expected \`check\`, got ${args.length > 0 ? `"${args.join(' ')}"` : 'nothing'}`,
    );
    print(USAGE);
    return 2;
  }
  const present = await findCourseDays(root);
  const unknown = days.filter((day) => !present.includes(day));
  if (unknown.length > 0 || present.length === 0) {
    print(
      `course check: no day ${unknown.join(', ') || 'at all'} with both solutions/<day> and labs/<day> ` +
        `(present: ${present.join(', ') || 'none'}); create one with \`pnpm new-day <day>\``,
    );
    return 1;
  }
  let passed = 0;
  let failed = 0;
  const results = await runCourseCheck({ ...context, days: days.length > 0 ? days : present });
  for (const result of results) {
    print(`${result.passed ? '✓' : '✗'} ${result.day}: ${result.summary}`);
    for (const detail of result.details) print(`    ${detail}`);
    if (result.passed) passed += 1;
    else failed += 1;
  }
  // One word and a colon before the counts: the plain closing line CI and people scan for.
  print(`course: ${passed} passed, ${failed} failed`);
  return failed === 0 ? 0 : 1;
}
