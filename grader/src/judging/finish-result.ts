import { escapeControlCharacters } from '@agent-course/core';
import {
  type CheckResult,
  DEFAULT_HINT,
  MAX_PRINTED_LINE_CHARS,
  MAX_REPORT_TEXT_CHARS,
  MAX_TRANSCRIPT_LINES,
} from '@agent-course/course';
import { type PathReplacement, scrubPaths } from '../reporting/scrub-paths';
import { shortenText } from '../reporting/shorten-text';
import type { Check } from './check';
import type { JudgedResult, NotRun } from './judged-result';

/**
 * The one place a result is finished, whichever process ran its check: temporary paths become
 * placeholders (`replacements`, see grade-lab.ts), so the same lab always reads the same; every
 * text is made showable and held to the report's limits, since much of it is the lab's (what it
 * threw, printed or answered, passed on by a check process that may have been bent); and a
 * failure that came without a hint gets the check's own.
 */
export function finishResult({
  check,
  result,
  replacements,
}: {
  check: Check;
  result: JudgedResult;
  /** The grade's temporary folders, each with the placeholder the report shows instead. */
  replacements: PathReplacement[];
}): JudgedResult {
  const scrub = (text: string) =>
    shortenText(escapeControlCharacters(scrubPaths({ text, replacements })), MAX_REPORT_TEXT_CHARS);
  // A scrubbed path can be longer than the one it replaces; a printed line keeps its limit.
  const scrubPrinted = (line: string) => scrub(line).slice(0, MAX_PRINTED_LINE_CHARS);
  return {
    ...result,
    id: check.id,
    title: check.title,
    message: scrub(result.message),
    hint: scrub(result.hint || defaultHint({ check, result })),
    ...(result.printed
      ? {
          printed: {
            ...result.printed,
            lines: result.printed.lines.map(scrubPrinted),
            ...(result.printed.lastLines
              ? { lastLines: result.printed.lastLines.map(scrubPrinted) }
              : {}),
          },
        }
      : {}),
    ...(result.transcript
      ? { transcript: result.transcript.slice(0, MAX_TRANSCRIPT_LINES).map(scrub) }
      : {}),
    ...(result.notRun ? { notRun: scrubNotRun({ notRun: result.notRun, scrub }) } : {}),
  };
}

/** Why a check did not run, with the grade's folders hidden: a load's throw may name a kit module. */
function scrubNotRun({
  notRun,
  scrub,
}: {
  notRun: NotRun;
  scrub: (text: string) => string;
}): NotRun {
  if (notRun.kind === 'load') {
    return { ...notRun, where: scrub(notRun.where), reason: scrub(notRun.reason) };
  }
  const { where, problems } = notRun.compileError;
  return { ...notRun, compileError: { where: scrub(where), problems: problems.map(scrub) } };
}

/**
 * The check's own hint for a failure that came without one (its child crashed). A check stopped at
 * a time limit names the limit, not a TODO: running out of time says nothing about which exercise
 * is wrong.
 */
function defaultHint({ check, result }: { check: Check; result: CheckResult }): string {
  if (result.status === 'pass' || result.errorKind === 'timeout') return '';
  return check.hints[DEFAULT_HINT] ?? '';
}
