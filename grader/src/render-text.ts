import type { ChalkInstance } from 'chalk';
import type { CheckResult, GradeResult } from '@agent-course/course';

/**
 * The report a student reads: a mark per check, the reason and a hint for each failure, the score,
 * and last of all `N passed, M failed`. A failing grade also prints its seed, which `--seed`
 * replays; otherwise nothing in it varies between runs of the same lab.
 */
export function renderText({
  result,
  verbose,
  colors,
}: {
  result: GradeResult;
  verbose: boolean;
  colors: ChalkInstance;
}): string {
  const stretch = result.stretch;
  const idWidth = Math.max(
    ...[...result.checks, ...(stretch?.checks ?? [])].map((check) => check.id.length),
  );
  const checkLines = (check: CheckResult): string[] => {
    const mark = check.status === 'pass' ? colors.green('✓') : colors.red('✗');
    return [
      `${mark} ${check.id.padEnd(idWidth)}  ${check.title}`,
      ...(check.status === 'pass' ? [] : failureLines({ check, colors })),
      ...(verbose ? (check.transcript ?? []).map((line) => colors.dim(`    │ ${line}`)) : []),
    ];
  };
  const lines = [colors.bold(`Grading ${result.day}: ${result.lab}`), ''];
  lines.push(...result.checks.flatMap(checkLines));
  // Stretch checks come before the score, under a line saying they are not part of it.
  if (stretch) {
    lines.push('', colors.bold('Stretch (optional, not part of the score):'));
    lines.push(...stretch.checks.flatMap(checkLines));
    lines.push(`Stretch: ${stretch.passed}/${stretch.checks.length} passed`);
  }
  const failed = result.max - result.score;
  if (failed > 0 && result.seed !== undefined) lines.push('', describeSeed(result.seed));
  lines.push('', colors.bold(`Score: ${result.score}/${result.max} passed`));
  lines.push(`${result.score} passed, ${failed} failed`);
  return `${lines.join('\n')}\n`;
}

function failureLines({ check, colors }: { check: CheckResult; colors: ChalkInstance }): string[] {
  const prefix = check.status === 'error' ? `${check.errorKind ?? 'error'}: ` : '';
  const message = `${prefix}${check.message}`.split('\n').map((line) => `    ${line}`);
  return check.hint ? [...message, colors.yellow(`    hint: ${check.hint}`)] : message;
}

/** The line that lets a failure be replayed exactly. */
export function describeSeed(seed: number): string {
  return `The checks' generated variants came from seed ${seed}; add --seed ${seed} to grade with the same ones again.`;
}
