import type { ChalkInstance } from 'chalk';
import {
  type CheckResult,
  type GradeResult,
  MAX_PRINTED_LAST_LINES,
  MAX_PRINTED_LINES,
  type PrintedOutput,
} from '@agent-course/course';

/** Under a grade in which a check ran out of time: the one thing only a grade run by hand can change. */
export const TIMEOUT_ADVICE =
  'A check was stopped at its time limit. If it only needs longer, `--timeout SECONDS` gives each check more; the autograders allow what a batch does (`pnpm grade --help`).';

/**
 * The report a student reads: a mark per check, the reason and a hint for each failure, the score,
 * and last of all `N passed, M failed`. A grade with a check that ran and failed also prints its
 * seed, which `--seed` replays; otherwise nothing in it varies between runs of the same lab.
 */
export function renderText({
  result,
  notRun,
  verbose,
  colors,
  note,
}: {
  result: GradeResult;
  /** The checks the lab stopped before they could run (see collectNotRun). */
  notRun: ReadonlySet<string>;
  verbose: boolean;
  colors: ChalkInstance;
  /** Something about how the grade ran that explains its failures, said before the score. */
  note?: string;
}): string {
  const stretch = result.stretch;
  const idWidth = Math.max(
    ...[...result.checks, ...(stretch?.checks ?? [])].map((check) => check.id.length),
  );
  const checkLines = (check: CheckResult): string[] => {
    const mark = check.status === 'pass' ? colors.green('✓') : colors.red('✗');
    return [
      `${mark} ${check.id.padEnd(idWidth)}  ${check.title}`,
      ...(check.status === 'pass' ? [] : failureLines({ check, notRun, colors })),
      ...printedLines({ check, colors, verbose }),
      ...(verbose ? (check.transcript ?? []).map((line) => colors.dim(`    │ ${line}`)) : []),
    ];
  };
  const lines = [colors.bold(`Grading ${result.day}: ${result.lab}`), ''];
  if (result.compileError) lines.push(...compileErrorLines({ result, notRun, colors }), '');
  else if (result.loadError) lines.push(...loadErrorLines({ result, notRun, colors }), '');
  lines.push(...result.checks.flatMap(checkLines));
  // Stretch checks come before the score, under a line saying they are not part of it.
  if (stretch) {
    lines.push('', colors.bold('Stretch (optional, not part of the score):'));
    lines.push(...stretch.checks.flatMap(checkLines));
    lines.push(`Stretch: ${stretch.passed}/${stretch.checks.length} passed`);
  }
  const failed = result.max - result.score;
  if (seedReplaysSomething({ result, notRun })) lines.push('', describeSeed(result.seed!));
  // Said here, not in each check's message: the other reports go where --timeout cannot be typed.
  if (result.checks.some((check) => check.errorKind === 'timeout')) lines.push('', TIMEOUT_ADVICE);
  if (note) lines.push('', note);
  lines.push('', colors.bold(`Score: ${result.score}/${result.max} passed`));
  lines.push(`${result.score} passed, ${failed} failed`);
  return `${lines.join('\n')}\n`;
}

/**
 * What the lab printed while the check ran (a student's console.log), below its reason and hint:
 * a heading, then the lines kept, dimmed. Under a check that passed, one line saying how much,
 * unless --verbose asks for the lines: a finished lab's leftover logging should not fill the screen.
 */
function printedLines({
  check,
  colors,
  verbose,
}: {
  check: CheckResult;
  colors: ChalkInstance;
  verbose: boolean;
}): string[] {
  if (!check.printed) return [];
  if (check.status === 'pass' && !verbose) {
    const count = printedLineCount(check.printed);
    return [
      colors.dim(
        `    the lab printed ${count === 1 ? 'a line' : `${count.toLocaleString('en-US')} lines`} while this check ran (--verbose shows ${count <= MAX_PRINTED_LINES + MAX_PRINTED_LAST_LINES ? (count === 1 ? 'it' : 'them') : 'the first and last of them'})`,
      ),
    ];
  }
  const [heading, ...lines] = describePrinted(check.printed);
  return [colors.dim(`    ${heading}`), ...lines.map((line) => colors.dim(`      ${line}`))];
}

/** How many lines the lab printed in all, as far as the grader knows. */
function printedLineCount({ lines, moreLines, lastLines = [] }: PrintedOutput): number {
  return lines.length + moreLines + lastLines.length;
}

/** A heading that says how much the lab printed, then the lines kept; also Gradescope's. */
export function describePrinted(printed: PrintedOutput): string[] {
  const { lines, moreLines, lastLines = [], stopped } = printed;
  const total = printedLineCount(printed).toLocaleString('en-US');
  // Stopped with only its first lines told: the rest is a count, at least what had come.
  if (stopped && moreLines > 0 && lastLines.length === 0) {
    return [
      `the lab had printed at least ${total} lines when this check was stopped; the first ${lines.length}:`,
      ...lines,
    ];
  }
  const when = stopped ? 'before this check was stopped' : 'while this check ran';
  if (moreLines === 0) return [`the lab printed ${when}:`, ...lines, ...lastLines];
  return [
    `the lab printed ${total} lines ${when}; the first ${lines.length} and the last ${lastLines.length}:`,
    ...lines,
    `… ${moreLines.toLocaleString('en-US')} more …`,
    ...lastLines,
  ];
}

/**
 * The compile error, said once above the checks: where, each problem, and what to do. Every check
 * it stopped says only that it did not run.
 */
function compileErrorLines({
  result,
  notRun,
  colors,
}: {
  result: GradeResult;
  notRun: ReadonlySet<string>;
  colors: ChalkInstance;
}): string[] {
  const { where, problems } = result.compileError!;
  const which = describeStopped({ result, notRun });
  return [
    colors.red(`The lab does not compile, so ${which}:`),
    ...problems.map((problem) => `    ${problem}`),
    colors.yellow(
      `    hint: fix ${where} first (\`pnpm typecheck\` in the lab lists every such error), then grade again`,
    ),
  ];
}

/**
 * The load error, said once above the checks: the line that threw, what it threw, the TODO owning
 * that line, and what to do. Every check it stopped says only that it did not run.
 */
function loadErrorLines({
  result,
  notRun,
  colors,
}: {
  result: GradeResult;
  notRun: ReadonlySet<string>;
  colors: ChalkInstance;
}): string[] {
  const { where, reason, exercise, unfinished } = result.loadError!;
  if (unfinished) {
    return [
      colors.red(`The lab never finishes loading, so ${describeStopped({ result, notRun })}:`),
      `    importing ${where}: ${reason}`,
      colors.yellow(
        `    hint: look at the code that runs as soon as a file is imported (outside any function) in the files ${where} imports: an await on something that never comes, a timer it waits for, or a loop that never ends (\`MOCK=1 pnpm start\` in the lab does the same); more time with --timeout will not help`,
      ),
    ];
  }
  const place = exercise === undefined ? where : `${where}, TODO(${exercise})`;
  return [
    colors.red(`The lab does not load, so ${describeStopped({ result, notRun })}:`),
    `    importing it threw: ${reason} (at ${where})`,
    colors.yellow(
      `    hint: ${place} — this line runs as soon as the file is imported and throws; make it run without throwing (\`MOCK=1 pnpm start\` in the lab shows the same error), then grade again`,
    ),
  ];
}

/** `no check could run`, or how many could not, when some ran. */
function describeStopped({
  result,
  notRun,
}: {
  result: GradeResult;
  notRun: ReadonlySet<string>;
}): string {
  const stopped = result.checks.filter((check) => notRun.has(check.id)).length;
  return stopped === result.checks.length
    ? 'no check could run'
    : `${stopped} check${stopped === 1 ? '' : 's'} could not run`;
}

/**
 * Whether the seed helps: only a check that ran and failed may have failed on the seed's
 * variants. A lab that does not compile or load ran none.
 */
export function seedReplaysSomething({
  result,
  notRun,
}: {
  result: GradeResult;
  notRun: ReadonlySet<string>;
}): boolean {
  return (
    result.seed !== undefined &&
    result.checks.some((check) => check.status !== 'pass' && !notRun.has(check.id))
  );
}

function failureLines({
  check,
  notRun,
  colors,
}: {
  check: CheckResult;
  notRun: ReadonlySet<string>;
  colors: ChalkInstance;
}): string[] {
  // A check the compile or load error stopped says so in its message; "crashed" would suggest it ran.
  const ran = !notRun.has(check.id);
  const prefix = check.status === 'error' && ran ? `${check.errorKind ?? 'error'}: ` : '';
  const message = `${prefix}${check.message}`.split('\n').map((line) => `    ${line}`);
  return check.hint ? [...message, colors.yellow(`    hint: ${check.hint}`)] : message;
}

/** The line that lets a failure be replayed exactly. */
export function describeSeed(seed: number): string {
  return `The checks' generated variants came from seed ${seed}; add --seed ${seed} to grade with the same ones again.`;
}
