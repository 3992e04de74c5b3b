import { describe, expect, it } from 'vitest';
import { DEFAULT_PROBE_RUNS, parseProbeArguments } from './parse-probe-arguments';

describe('parseProbeArguments', () => {
  it.each([
    [[], { runs: DEFAULT_PROBE_RUNS, help: false }],
    [['--runs', '2'], { runs: 2, help: false }],
    [['--runs=50'], { runs: 50, help: false }],
    [['-h'], { runs: DEFAULT_PROBE_RUNS, help: true }],
    [['--help'], { runs: DEFAULT_PROBE_RUNS, help: true }],
  ])('reads %j', (args, value) => {
    expect(parseProbeArguments(args)).toEqual({ ok: true, value });
  });

  it.each([
    [['--frobnicate'], 'pnpm probe has no option or argument "--frobnicate".'],
    [['5'], 'pnpm probe has no option or argument "5".'],
    [['--runs'], '--runs takes a whole number from 1 to 50, not nothing.'],
    [['--runs', '0'], '--runs takes a whole number from 1 to 50, not "0".'],
    [['--runs=2.5'], '--runs takes a whole number from 1 to 50, not "2.5".'],
    [['--runs', '51'], '--runs takes a whole number from 1 to 50, not "51".'],
  ])('refuses %j in one sentence', (args, error) => {
    expect(parseProbeArguments(args)).toEqual({ ok: false, error });
  });
});
