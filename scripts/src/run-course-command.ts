import type { CommandContext } from './run-starter-command';
import { findCourseDays, runCourseCheck, type CourseCheckOptions } from './run-course-check';

const USAGE = `usage: pnpm course check [--release] [<day>...]

For every day with solutions/<day> and labs/<day> (or only the days named), verifies against the
day's manifest (solutions/<day>/day.ts) that the starter equals its generated form, both lesson
pages show the manifest's exercise table, both packages typecheck, the starter scores the
manifest's starterScore, the solution scores full marks, and every exercise has a failing check
whose hint names its TODO. A draft day (draft: true) is listed as a draft and its scores wait;
with --release a draft fails.`;

/** `pnpm course check [--release] [<day>...]`; returns the exit code. */
export async function runCourseCommand(
  context: CommandContext & Partial<Pick<CourseCheckOptions, 'runGrader' | 'typecheckPackage'>>,
): Promise<number> {
  const { root, args, print } = context;
  const [subcommand, ...rest] = args;
  if (subcommand === '--help' || subcommand === '-h') {
    print(USAGE);
    return 0;
  }
  const release = rest.includes('--release');
  const days = rest.filter((arg) => arg !== '--release');
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
    return 2;
  }
  const counts = { passed: 0, failed: 0, drafts: 0 };
  const results = await runCourseCheck({
    ...context,
    release,
    days: days.length > 0 ? days : present,
  });
  for (const result of results) {
    const mark = result.draft ? '•' : result.passed ? '✓' : '✗';
    print(`${mark} ${result.day}: ${result.summary}`);
    for (const detail of result.details) print(`    ${detail}`);
    if (result.draft) counts.drafts += 1;
    else if (result.passed) counts.passed += 1;
    else counts.failed += 1;
  }
  // One word and a colon before the counts: the plain closing line CI and people scan for.
  const drafts =
    counts.drafts > 0 ? `, ${counts.drafts} draft${counts.drafts === 1 ? '' : 's'}` : '';
  print(`course: ${counts.passed} passed, ${counts.failed} failed${drafts}`);
  return counts.failed === 0 ? 0 : 1;
}
