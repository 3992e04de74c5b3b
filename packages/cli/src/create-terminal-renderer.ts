import type { ChalkInstance } from 'chalk';
import { type AgentEvent, type AnswerStats, escapeControlCharacters } from '@agent-course/core';
import { createColors } from './create-colors';
import { groupDigits } from '@agent-course/core';

/** How much of a call's arguments and a result's first line a card shows. */
const MAX_CARD_ARGS_CHARS = 200;
const MAX_CARD_PREVIEW_CHARS = 100;

/**
 * Renders a run as terminal cards: the model's text as it streams, `> tool(args)` for each call and
 * `✓`/`✗ tool fed back N chars - first line` for each result (with a file change's diff under it), so a person sees exactly what the model
 * was fed back. Colors follow `env` (see createColors) and, failing that, whether stdout is a terminal.
 */
export function createTerminalRenderer({
  write,
  env = process.env,
}: {
  write: (text: string) => void;
  /** The environment whose NO_COLOR and FORCE_COLOR decide the colors; the process's by default. */
  env?: NodeJS.ProcessEnv;
}): (event: AgentEvent) => void {
  const colors = createColors(env);
  let atLineStart = true;
  const line = (text: string) => {
    if (!atLineStart) write('\n');
    write(`${text}\n`);
    atLineStart = true;
  };

  return (event) => {
    switch (event.type) {
      case 'text-delta':
        // What the model, a command or a file wrote is shown, never obeyed, by the terminal.
        write(escapeControlCharacters(event.text));
        atLineStart = event.text.endsWith('\n');
        break;
      case 'turn-end':
        // End the model's text before the cards that follow it.
        if (!atLineStart) write('\n');
        atLineStart = true;
        break;
      case 'tool-call':
        line(
          colors.cyan(
            escapeControlCharacters(
              `> ${event.call.name}(${clip(compactArgs(event.call.args), MAX_CARD_ARGS_CHARS)})`,
            ),
          ),
        );
        break;
      case 'tool-result': {
        const { result, call } = event;
        const mark = result.ok ? colors.green('✓') : colors.red('✗');
        const cut = result.meta?.truncated
          ? colors.yellow(` (cut from ${result.meta.originalChars} chars)`)
          : '';
        const preview = clip(result.content.split('\n', 1)[0] ?? '', MAX_CARD_PREVIEW_CHARS);
        line(
          `${mark} ${escapeControlCharacters(call.name)} fed back ${result.content.length} chars${cut} - ${colors.dim(escapeControlCharacters(preview))}`,
        );
        // A tool that changed a file puts its diff in meta: shown under the card, never resent.
        if (typeof result.meta?.diff === 'string') {
          for (const diffLine of result.meta.diff.split('\n'))
            line(`  ${colorDiffLine(colors, escapeControlCharacters(diffLine))}`);
        }
        break;
      }
      case 'notice':
        line(colors.yellow(escapeControlCharacters(`! ${event.message}`)));
        break;
      case 'context':
        line(
          colors.dim(
            `· conversation resent each turn: ${groupDigits(event.chars)} chars, ${groupDigits(event.toolResultChars)} of them tool results`,
          ),
        );
        break;
      case 'answer-stats':
        line(colors.dim(describeStats(event.stats)));
        break;
    }
  };
}

/** A unified diff's line in the colors people know from git: removed red, added green, hunks cyan. */
function colorDiffLine(colors: ChalkInstance, diffLine: string): string {
  if (diffLine.startsWith('+++') || diffLine.startsWith('---')) return colors.bold(diffLine);
  if (diffLine.startsWith('@@')) return colors.cyan(diffLine);
  if (diffLine.startsWith('+')) return colors.green(diffLine);
  if (diffLine.startsWith('-')) return colors.red(diffLine);
  return colors.dim(diffLine);
}

/** Shows valid JSON arguments without their whitespace, and anything else exactly as sent. */
function compactArgs(args: string): string {
  try {
    return JSON.stringify(JSON.parse(args));
  } catch {
    return args;
  }
}

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** The line under a one-call answer: how it felt, what it cost, how it ended. */
function describeStats(stats: AnswerStats): string {
  const parts = [
    stats.firstTokenMs === undefined
      ? 'no text came'
      : `first token after ${groupDigits(Math.round(stats.firstTokenMs))} ms`,
    stats.usage === undefined
      ? 'the endpoint sent no usage'
      : `${groupDigits(stats.usage.promptTokens)} tokens in, ${groupDigits(stats.usage.completionTokens)} out`,
    `finish reason ${stats.finishReason}`,
  ];
  return `· ${parts.join(' · ')}`;
}
