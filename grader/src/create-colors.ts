import { Chalk, type ChalkInstance } from 'chalk';

/**
 * Colours for the text report. chalk already drops colour when stdout is not a terminal; NO_COLOR
 * (https://no-color.org) is honoured here because chalk does not read it.
 */
export function createColors(env: NodeJS.ProcessEnv = process.env): ChalkInstance {
  return env.NO_COLOR ? new Chalk({ level: 0 }) : new Chalk();
}
