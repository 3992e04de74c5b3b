import { describe, expect, it } from 'vitest';
import { CLASS_LIMITS } from '@agent-course/course';
import { DEFAULT_TIMEOUT_SECONDS } from '../beside-lab/limits';
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
        mine: false,
        on: [],
        help: false,
      },
    });
  });

  it('takes --on with an earlier day and its folder, alone or beside --lab and --json', () => {
    expect(parse(['d3', '--solution', '--on', 'd3=a=b', '--json'])).toMatchObject({
      ok: true,
      value: { on: [{ day: 'd3', directory: 'a=b' }], format: 'json' },
    });
    for (const args of [
      ['--on', 'd3'],
      ['--on', 'd9=x'],
      ['--on', 'd3=x', '--mine'],
      ['--on', 'd3=x', '--on', 'd3=y'],
      ['--on', 'd3=x', '--format', 'gradescope'],
    ]) {
      expect(parse(['d3', ...args]), args.join(' ')).toMatchObject({ ok: false });
    }
  });

  it("takes --mine for the kit's own lab only, as text", () => {
    expect(parse(['d3', '--mine'])).toMatchObject({ ok: true, value: { mine: true } });
    const own = parseArguments({
      args: ['d3', '--lab', '.', '--mine'],
      days: ['d3'],
      ownLab: 'labs/d3',
    });
    expect(own).toMatchObject({ ok: true, value: { mine: true } });
    for (const args of [
      ['--solution'],
      ['--lab', 'elsewhere'],
      ['--submission', 'upload'],
      ['--json'],
      ['--format', 'gradescope'],
      ['--watch'],
      ['--stretch'],
    ]) {
      expect(parse(['d3', '--mine', ...args]), args.join(' ')).toEqual({
        ok: false,
        error: expect.stringContaining("--mine grades the kit's own lab of a day"),
      });
    }
  });

  it('says what to type instead of `pnpm grade d4` inside labs/d3, as typed from where the student is', () => {
    const inLab = (typedIn: string) =>
      parseArguments({
        args: ['d3', '--lab', '.', 'd4'],
        days: ['d3', 'd4'],
        ownLab: 'labs/d3',
        typedIn,
      });
    expect(inLab('labs/d3')).toEqual({
      ok: false,
      error:
        "You are in labs/d3, d3's lab, where `pnpm grade` grades d3 only, not d4. To grade d4's lab, type `cd ../d4 && pnpm grade`, or `pnpm grade d4 --lab ../d4` right here.",
    });
    expect(inLab('labs/d3/src/tools')).toMatchObject({
      error: expect.stringContaining(
        'type `cd ../../../d4 && pnpm grade`, or `pnpm grade d4 --lab ../../../d4` right here.',
      ),
    });
    expect(parseArguments({ args: ['d3', 'd4'], days: ['d3', 'd4'] })).toEqual({
      ok: false,
      error: 'Grade one day at a time: this grades d3, not d4; type `pnpm grade d4` to grade d4.',
    });
  });

  it('follows the suggested `pnpm grade d4 --lab ../d4` inside labs/d3: the student named a lab and its day', () => {
    // pnpm runs labs/d3's script, `d3 --lab .`, with what the student typed after it.
    const typed = (args: string[]) =>
      parseArguments({
        args: ['d3', '--lab', '.', ...args],
        days: ['d3', 'd4'],
        ownLab: 'labs/d3',
        typedIn: 'labs/d3/src',
      });
    expect(typed(['d4', '--lab', '../../d4'])).toMatchObject({
      ok: true,
      value: { dayId: 'd4', target: { kind: 'lab', directory: '../../d4' } },
    });
    expect(typed(['--lab', '../../d4', 'd4'])).toMatchObject({ value: { dayId: 'd4' } });
    // A lab the student names is relative to where they typed; only the script's own `.` is not.
    const own = typed([]);
    expect(own.ok && own.value.target).toEqual({ kind: 'lab', directory: '.', ownScript: true });
    const named = typed(['--lab', '../../my-copy']);
    expect(named.ok && named.value).toMatchObject({
      dayId: 'd3',
      target: { kind: 'lab', directory: '../../my-copy' },
    });
    expect(named.ok && 'ownScript' in named.value.target).toBe(false);
    expect(typed(['d4', 'd3', '--lab', '../../d4'])).toMatchObject({ ok: false });
  });

  it('says where `pnpm grade --solution` typed inside a lab must be typed instead', () => {
    const solution = (typedIn?: string) =>
      parseArguments({
        args: ['d3', '--lab', '.', '--solution'],
        days: ['d3'],
        ownLab: 'labs/d3',
        ...(typedIn === undefined ? {} : { typedIn }),
      });
    expect(solution('labs/d3/src')).toEqual({
      ok: false,
      error:
        "You are in labs/d3, where `pnpm grade` grades this lab only. To grade d3's solution, type `cd ../../.. && pnpm grade d3 --solution`.",
    });
    // A lab folder outside the kit: where its root is cannot be told.
    expect(solution()).toMatchObject({
      error: expect.stringContaining("type `pnpm grade d3 --solution` at the kit's root."),
    });
  });

  it('gives an example --lab that exists where the student typed', () => {
    const missing = (typedIn: string, ownLab?: string) =>
      parseArguments({
        args: ownLab ? ['d3', '--lab', '.', '--lab'] : ['d3', '--lab'],
        days: ['d3'],
        typedIn,
        ...(ownLab ? { ownLab } : {}),
      });
    expect(missing('')).toMatchObject({
      error: expect.stringMatching(/^--lab needs a value, e.g. --lab labs\/d3\.\n/),
    });
    expect(missing('labs/d3/src', 'labs/d3')).toMatchObject({
      error: expect.stringMatching(/^--lab needs a value, e.g. --lab \.\.\.\n/),
    });
    expect(missing('docs')).toMatchObject({
      error: expect.stringContaining('e.g. --lab ../labs/d3.'),
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

  it("gives a batch the class's time limit, what the autograders allow, unless --timeout says otherwise", () => {
    expect(parse(['d3', '--lab', 'submissions/*'])).toMatchObject({
      value: { timeoutSeconds: CLASS_LIMITS.checkSeconds },
    });
    expect(parse(['d3', '--lab', 'mine'])).toMatchObject({
      value: { timeoutSeconds: DEFAULT_TIMEOUT_SECONDS },
    });
    expect(parse(['d3', '--lab', 'submissions/*', '--timeout', '5'])).toMatchObject({
      value: { timeoutSeconds: 5 },
    });
    expect(CLASS_LIMITS.checkSeconds).toBeGreaterThan(DEFAULT_TIMEOUT_SECONDS);
  });

  it('reads --submission as one lab of which only the src is graded, with the class limit', () => {
    expect(parse(['d3', '--submission', 'upload'])).toMatchObject({
      value: {
        target: { kind: 'lab', directory: 'upload', srcOnly: true },
        timeoutSeconds: CLASS_LIMITS.checkSeconds,
      },
    });
    expect(parse(['d3', '--submission', 'upload', '--lab', 'mine'])).toEqual({
      ok: false,
      error: '--submission grades one submission; use it without --solution or --lab.',
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
    [['d3', '--format', 'xml'], '--format takes text, json, gradescope, classroom50, not "xml".'],
    [['d3', 'd4'], 'Unexpected "d4"; grade one day at a time and pass a lab with --lab DIR.'],
    [
      ['d3', '--lab', 'submissions/alice', 'submissions/bob', 'submissions/carol'],
      `--lab takes one folder or one quoted pattern, and "submissions/bob submissions/carol" came after it: if your shell expanded a pattern into many folders, put the pattern in quotes so the grader expands it, e.g. --lab 'submissions/*'.`,
    ],
    [
      ['d3', '--frobnicate'],
      `There is no option --frobnicate; \`pnpm grade --help\` lists them.\n${USAGE_LINE}`,
    ],
    [['d3', '--lab'], `--lab needs a value, e.g. --lab labs/d3.\n${USAGE_LINE}`],
    [
      ['d3', '--json=yes'],
      `--json takes no value; write it on its own, e.g. \`pnpm grade d3 --json\`.\n${USAGE_LINE}`,
    ],
    // parseArgs names a flag with a short form by both ("-h, --help"); the message names the one typed.
    [
      ['--help=3'],
      `--help takes no value; type \`pnpm grade --help\` for the options.\n${USAGE_LINE}`,
    ],
    [
      ['d3', '--verbose=1'],
      `--verbose takes no value; write it on its own, e.g. \`pnpm grade d3 --verbose\`.\n${USAGE_LINE}`,
    ],
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
