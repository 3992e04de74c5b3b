import { Chalk, type ChalkInstance } from 'chalk';

/**
 * Colours for every line the kit prints (the lab's cards, the grader's report). Without either
 * variable, chalk decides (colour on a terminal, none into a pipe). NO_COLOR
 * (https://no-color.org), which chalk never reads, turns colour off; FORCE_COLOR, the more specific
 * request, wins when both are set, as it does for Node itself. Both are read from `env`, so the
 * rule can be tested.
 */
export function createColors(env: NodeJS.ProcessEnv = process.env): ChalkInstance {
  const forced = env.FORCE_COLOR;
  if (forced !== undefined && forced !== '') {
    const level = ['0', 'false'].includes(forced) ? 0 : Math.min(3, Number(forced) || 1);
    return new Chalk({ level: level as 0 | 1 | 2 | 3 });
  }
  return env.NO_COLOR ? new Chalk({ level: 0 }) : new Chalk();
}
