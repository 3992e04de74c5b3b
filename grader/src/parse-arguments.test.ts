import { describe, expect, it } from 'vitest';
import { parseArguments } from './parse-arguments';
import { USAGE_LINE } from './usage';

const parse = (args: string[]) => parseArguments({ args, days: ['d3'] });

describe('parseArguments', () => {
  it('grades the starter by default with the default time limit', () => {
    expect(parse(['d3'])).toEqual({
      ok: true,
      value: {
        dayId: 'd3',
        target: { kind: 'starter' },
        timeoutSeconds: 10,
        format: 'text',
        verbose: false,
        watch: false,
        stretch: false,
        help: false,
      },
    });
  });

  it('says where `pnpm grade d4` typed inside labs/d3 must be typed instead', () => {
    expect(
      parseArguments({ args: ['d3', '--lab', '.', 'd4'], days: ['d3', 'd4'], ownLab: 'labs/d3' }),
    ).toEqual({
      ok: false,
      error:
        "You are in labs/d3, d3's lab, where `pnpm grade` grades d3 only, not d4. To grade d4, type `pnpm grade` in labs/d4, or `pnpm grade d4` at the kit's root.",
    });
    expect(parseArguments({ args: ['d3', 'd4'], days: ['d3', 'd4'] })).toEqual({
      ok: false,
      error: 'Grade one day at a time: this grades d3, not d4; type `pnpm grade d4` to grade d4.',
    });
  });

  it('says where `pnpm grade --solution` typed inside a lab must be typed instead', () => {
    expect(
      parseArguments({ args: ['d3', '--lab', '.', '--solution'], days: ['d3'], ownLab: 'labs/d3' }),
    ).toEqual({
      ok: false,
      error:
        "You are in labs/d3, where `pnpm grade` grades this lab only. To grade d3's solution, type `pnpm grade d3 --solution` at the kit's root.",
    });
  });

  it('takes the day named twice as once, as `pnpm grade d3` inside labs/d3 names it', () => {
    // The lab's script runs `grade-command.mjs d3 --lab .`, and pnpm adds what the student typed.
    expect(parse(['d3', '--lab', '.', 'd3'])).toMatchObject({
      ok: true,
      value: { dayId: 'd3', target: { kind: 'lab', directory: '.' } },
    });
  });

  it('reads --seed as a whole number and leaves it out when not given, so each grade picks one', () => {
    expect(parse(['d3', '--seed', '42'])).toMatchObject({ ok: true, value: { seed: 42 } });
    expect(parse(['d3', '--seed', '0'])).toMatchObject({ ok: true, value: { seed: 0 } });
    expect(parse(['d3', '--seed', '4294967295'])).toMatchObject({ value: { seed: 4294967295 } });
    expect(parse(['d3']).ok && 'seed' in (parse(['d3']) as { value: object }).value).toBe(false);
  });

  it('says how to write a value starting with a dash', () => {
    expect(parse(['d3', '--seed', '-1'])).toEqual({
      ok: false,
      error: `--seed needs a value, and one starting with "-" is written --seed=VALUE.\n${USAGE_LINE}`,
    });
  });

  it.each(['-1', '1.5', 'abc', '4294967296', '', '0x10', '1e3', ' '])(
    'refuses --seed %j, saying what it takes',
    (seed) => {
      expect(parse(['d3', `--seed=${seed}`])).toEqual({
        ok: false,
        error: `--seed takes a whole number from 0 to 4294967295, as a failed grade prints it, not "${seed}".`,
      });
    },
  );

  it('tells one folder from a glob of submissions', () => {
    expect(parse(['d3', '--lab', 'mine']).ok && parse(['d3', '--lab', 'mine'])).toMatchObject({
      value: { target: { kind: 'lab', directory: 'mine' } },
    });
    expect(parse(['d3', '--lab', 'submissions/*'])).toMatchObject({
      value: { target: { kind: 'batch', pattern: 'submissions/*' } },
    });
  });

  it('reads --json, --format, --only and --timeout', () => {
    expect(
      parse(['d3', '--solution', '--json', '--only', 'truncation', '--timeout', '3']),
    ).toMatchObject({
      value: {
        target: { kind: 'solution' },
        format: 'json',
        only: 'truncation',
        timeoutSeconds: 3,
      },
    });
    expect(parse(['d3', '--format', 'gradescope'])).toMatchObject({
      value: { format: 'gradescope' },
    });
  });

  it.each([
    [['d3', '--timeout', 'soon'], '--timeout takes a number of seconds above 0, not "soon".'],
    [['d3', '--solution', '--lab', 'x'], 'Use either --solution or --lab DIR, not both.'],
    [['d3', '--format', 'xml'], '--format takes text, json, gradescope, not "xml".'],
    [['d3', 'd4'], 'Unexpected "d4"; grade one day at a time and pass a lab with --lab DIR.'],
    [
      ['d3', '--frobnicate'],
      `There is no option --frobnicate; \`pnpm grade --help\` lists them.\n${USAGE_LINE}`,
    ],
    [['d3', '--lab'], `--lab needs a value, e.g. --lab labs/d3.\n${USAGE_LINE}`],
    [['d3', '--json=yes'], `--json takes no value; write it on its own.\n${USAGE_LINE}`],
    [
      ['d3', '--csv', 'out.csv'],
      "--csv writes one row per submission of a batch; grade a folder of them with --lab 'submissions/*' --csv out.csv, or use --json for one lab.",
    ],
    [
      ['d3', '--lab', 'mine', '--csv', 'out.csv'],
      "--csv writes one row per submission of a batch; grade a folder of them with --lab 'submissions/*' --csv out.csv, or use --json for one lab.",
    ],
    [
      ['d3', '--lab', 'submissions/*', '--verbose'],
      'A batch (--lab with a glob) prints a table and can write --csv FILE; --watch, --verbose, --stretch, --json and --format grade one lab.',
    ],
  ])('%j is refused with a sentence saying what to do', (args, error) => {
    expect(parse(args)).toEqual({ ok: false, error });
  });
});
