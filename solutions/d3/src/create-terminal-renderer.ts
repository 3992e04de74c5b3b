import chalk from 'chalk';
import type { AgentEvent } from './agent-event';

/** How much of a call's arguments and a result's first line a card shows. */
const MAX_CARD_ARGS_CHARS = 200;
const MAX_CARD_PREVIEW_CHARS = 100;

/**
 * Renders a run as terminal cards: the model's text as it streams, `> tool(args)` for each call and
 * `✓`/`✗ tool fed back N chars - first line` for each result, so a person sees exactly what the model
 * was fed back. Colors follow chalk, which honors NO_COLOR and plain pipes.
 */
export function createTerminalRenderer({
  write,
}: {
  write: (text: string) => void;
}): (event: AgentEvent) => void {
  let atLineStart = true;
  const line = (text: string) => {
    if (!atLineStart) write('\n');
    write(`${text}\n`);
    atLineStart = true;
  };

  return (event) => {
    switch (event.type) {
      case 'text-delta':
        write(event.text);
        atLineStart = event.text.endsWith('\n');
        break;
      case 'turn-end':
        // End the model's text before the cards that follow it.
        if (!atLineStart) write('\n');
        atLineStart = true;
        break;
      case 'tool-call':
        line(
          chalk.cyan(
            `> ${event.call.name}(${clip(compactArgs(event.call.args), MAX_CARD_ARGS_CHARS)})`,
          ),
        );
        break;
      case 'tool-result': {
        const { result, call } = event;
        const mark = result.ok ? chalk.green('✓') : chalk.red('✗');
        const cut = result.meta?.truncated
          ? chalk.yellow(` (cut from ${result.meta.originalChars} chars)`)
          : '';
        const preview = clip(result.content.split('\n', 1)[0] ?? '', MAX_CARD_PREVIEW_CHARS);
        line(
          `${mark} ${call.name} fed back ${result.content.length} chars${cut} - ${chalk.dim(preview)}`,
        );
        break;
      }
      case 'notice':
        line(chalk.yellow(`! ${event.message}`));
        break;
      case 'context':
        line(
          chalk.dim(
            `· conversation resent each turn: ${count(event.chars)} chars, ${count(event.toolResultChars)} of them tool results`,
          ),
        );
        break;
    }
  };
}

/** Shows valid JSON arguments without their whitespace, and anything else exactly as sent. */
function compactArgs(args: string): string {
  try {
    return JSON.stringify(JSON.parse(args));
  } catch {
    return args;
  }
}

/** 12,345 rather than 12345: the figures grow past what the eye counts at a glance. */
function count(value: number): string {
  return value.toLocaleString('en-US');
}

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
