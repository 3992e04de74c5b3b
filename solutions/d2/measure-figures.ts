import type { MeasureFigures } from '@agent-course/course';
import { INTERRUPT_AFTER_PIECES } from '@agent-course/sandbox/scenarios/d2';
import { SYSTEM_PROMPT } from './src/system-prompt';

/**
 * Day 2's figures, measured on the code this solution runs (see figures in day.ts): what the
 * offline chat's history weighs after each turn, what its three requests carried in all, and
 * where INJECT=interrupt presses Ctrl-C.
 */
export const measureFigures: MeasureFigures = async ({ offlineRun }) => {
  const printed = await offlineRun();
  const resent = [...printed.matchAll(/conversation resent each turn: ([\d,]+) chars/g)].map(
    (match) => Number(match[1]?.replaceAll(',', '')),
  );
  const lines = [...printed.matchAll(/^\? (.*)$/gm)].map((match) => match[1] ?? '');
  // Request N carries the history as it stood after turn N - 1, then line N.
  const before = [SYSTEM_PROMPT.length, ...resent];
  const sent = lines.reduce((sum, line, turn) => sum + (before[turn] ?? 0) + line.length, 0);
  return {
    'resent-each-turn': resent.length > 0 ? resent : 'no resent line in the offline run',
    'sent-in-all': sent,
    'interrupt-after-pieces': INTERRUPT_AFTER_PIECES,
  };
};
