import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { CLASS_LIMITS } from '@agent-course/course';
import { DEFAULT_TIMEOUT_SECONDS, MAX_SEED } from '../beside-lab/limits';
import { USAGE_LINE } from './usage';

/** Which lab (or labs) to grade. */
export type GradeTarget =
  | { kind: 'starter' }
  | { kind: 'solution' }
  | {
      kind: 'lab';
      directory: string;
      /** The lab's own script's `--lab .`: relative to the lab, not to where the student typed. */
      ownScript?: true;
      /** `--submission DIR`: only the src of the lab found in it is graded, over the starter. */
      srcOnly?: true;
    }
  | { kind: 'batch'; pattern: string };

/** Everything the command line asked for. */
export interface GradeOptions {
  /** The day to grade, e.g. `d3`. */
  dayId: string;
  /** What to grade. */
  target: GradeTarget;
  /** Run only this check. */
  only?: string;
  /** Each check's time budget in seconds. */
  timeoutSeconds: number;
  /** Replays the generated variants of an earlier grade; a fresh seed each run when absent. */
  seed?: number;
  /** How to print the result. */
  format: (typeof FORMATS)[number];
  /** Also print each scenario's transcript. */
  verbose: boolean;
  /** Grade again whenever a file in the lab changes. */
  watch: boolean;
  /** Also run the day's optional stretch checks, reported apart from the score. */
  stretch: boolean;
  /** Run the lab on the earlier days the student switched to their own (`pnpm switch`), each graded first. */
  mine: boolean;
  /** `--on d3=DIR`: run the lab on these folders in place of the kit's finished earlier days, each graded first. */
  on: Array<{ day: string; directory: string }>;
  /** Also write the results as CSV to this file. */
  csv?: string;
  /** Print the usage and stop. */
  help: boolean;
}

/** The options, or one sentence saying what is wrong with the command line and what to do. */
export type ParsedArguments = { ok: true; value: GradeOptions } | { ok: false; error: string };

const FORMATS = ['text', 'json', 'gradescope', 'classroom50'] as const;

/** Reads the grader's command line; every mistake becomes one sentence saying what to do. */
export function parseArguments({
  args,
  days,
  ownLab,
  typedIn,
}: {
  args: string[];
  days: string[];
  /**
   * The lab whose own `pnpm grade` script is running (`labs/d3`), which passes its day and
   * `--lab .` before what the student typed; undefined at the kit's root.
   */
  ownLab?: string;
  /**
   * Where the student typed the command, relative to the kit's root (`labs/d3/src`), so that every
   * command a message suggests works there; undefined outside the kit.
   */
  typedIn?: string;
}): ParsedArguments {
  /** A kit path (`labs/d4`) as the student types it where they are (`../d4`). */
  const fromHere = (kitPath: string) =>
    typedIn === undefined ? undefined : relative(typedIn, kitPath) || '.';
  const labExample = fromHere(ownLab ?? join('labs', days[0] ?? 'd1')) ?? 'labs/d3';
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: {
        solution: { type: 'boolean' },
        lab: { type: 'string', multiple: true },
        submission: { type: 'string' },
        only: { type: 'string' },
        timeout: { type: 'string' },
        seed: { type: 'string' },
        json: { type: 'boolean' },
        format: { type: 'string' },
        verbose: { type: 'boolean', short: 'v' },
        watch: { type: 'boolean' },
        stretch: { type: 'boolean' },
        mine: { type: 'boolean' },
        on: { type: 'string', multiple: true },
        csv: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    return {
      ok: false,
      error: `${describeParseError({ error, labExample, dayExample: days[0] ?? 'd3' })}\n${USAGE_LINE}`,
    };
  }
  const { values, positionals } = parsed;
  // Inside a lab, the first --lab is its script's `.`; one after it is the student's own.
  const labs = values.lab ?? [];
  const studentLab = labs.length > (ownLab ? 1 : 0) ? labs.at(-1) : undefined;
  const lab = studentLab ?? labs[0];
  const base = {
    verbose: values.verbose ?? false,
    watch: values.watch ?? false,
    stretch: values.stretch ?? false,
    mine: values.mine ?? false,
    help: values.help ?? false,
  };
  if (base.help)
    return {
      ok: true,
      value: {
        ...base,
        on: [],
        dayId: '',
        target: { kind: 'starter' },
        timeoutSeconds: DEFAULT_TIMEOUT_SECONDS,
        format: 'text',
      },
    };

  // A lab's own `pnpm grade` script names its day already, so `pnpm grade d3` typed inside
  // labs/d3 names it twice: the same day again is no mistake.
  const [scriptDay, ...rest] = positionals;
  // A day named with the student's own --lab grades that lab as that day, even inside another lab.
  const namedDay =
    ownLab && studentLab ? rest.find((positional) => days.includes(positional)) : undefined;
  const dayId = namedDay ?? scriptDay;
  const extra = rest.filter((positional) => positional !== dayId);
  if (!dayId)
    return {
      ok: false,
      error: `Say which day to grade, e.g. \`pnpm grade ${days[0]}\` (available: ${days.join(', ')}).`,
    };
  if (!days.includes(dayId))
    return {
      ok: false,
      error: `There is no day "${dayId}" to grade; available: ${days.join(', ')} (e.g. \`pnpm grade ${days[0]}\`).`,
    };
  const otherDay = extra.find((positional) => days.includes(positional));
  if (otherDay) {
    const otherLab = fromHere(join('labs', otherDay));
    return {
      ok: false,
      error:
        !ownLab || namedDay
          ? `Grade one day at a time: this grades ${dayId}, not ${otherDay}; type \`pnpm grade ${otherDay}\` to grade ${otherDay}.`
          : `You are in ${ownLab}, ${dayId}'s lab, where \`pnpm grade\` grades ${dayId} only, not ${otherDay}. ` +
            (otherLab
              ? `To grade ${otherDay}'s lab, type \`cd ${otherLab} && pnpm grade\`, or \`pnpm grade ${otherDay} --lab ${otherLab}\` right here.`
              : `To grade ${otherDay}'s lab, type \`pnpm grade\` in it, or \`pnpm grade ${otherDay} --lab DIR\` naming its folder.`),
    };
  }
  // `--lab submissions/*` unquoted: the shell hands the grader every folder the pattern matched.
  if (extra.length > 0 && labs.length > 0)
    return {
      ok: false,
      error: `--lab takes one folder or one quoted pattern, and "${extra.join(' ')}" came after it: if your shell expanded a pattern into many folders, put the pattern in quotes so the grader expands it, e.g. --lab 'submissions/*'.`,
    };
  if (extra.length > 0)
    return {
      ok: false,
      error: `Unexpected "${extra.join(' ')}"; grade one day at a time and pass a lab with --lab DIR.`,
    };
  if (values.solution && lab) {
    const kitRoot = fromHere('');
    return {
      ok: false,
      error:
        ownLab && !studentLab
          ? `You are in ${ownLab}, where \`pnpm grade\` grades this lab only. To grade ${dayId}'s solution, type ` +
            (kitRoot
              ? `\`cd ${kitRoot} && pnpm grade ${dayId} --solution\`.`
              : `\`pnpm grade ${dayId} --solution\` at the kit's root.`)
          : 'Use either --solution or --lab DIR, not both.',
    };
  }

  if (values.submission !== undefined && (values.solution || labs.length > 0))
    return {
      ok: false,
      error: '--submission grades one submission; use it without --solution or --lab.',
    };
  // A batch and a submission are a class's grading: each check gets what the autograders give it.
  const classGrading = values.submission !== undefined || (lab !== undefined && isGlob(lab));
  const defaultTimeout = classGrading ? CLASS_LIMITS.checkSeconds : DEFAULT_TIMEOUT_SECONDS;
  const timeoutSeconds = values.timeout === undefined ? defaultTimeout : Number(values.timeout);
  if (!Number.isFinite(timeoutSeconds) || timeoutSeconds <= 0) {
    return {
      ok: false,
      error: `--timeout takes a number of seconds above 0, not "${values.timeout}".`,
    };
  }
  const seed = values.seed === undefined ? undefined : parseSeed(values.seed);
  if (seed === null) {
    return {
      ok: false,
      error: `--seed takes a whole number from 0 to ${MAX_SEED}, as a failed grade prints it, not "${values.seed}".`,
    };
  }
  if (values.json && values.format && values.format !== 'json')
    return { ok: false, error: `--json and --format ${values.format} disagree; pick one.` };
  const format = values.json ? 'json' : (values.format ?? 'text');
  if (!FORMATS.includes(format as GradeOptions['format'])) {
    return { ok: false, error: `--format takes ${FORMATS.join(', ')}, not "${format}".` };
  }

  const target: GradeTarget = values.solution
    ? { kind: 'solution' }
    : values.submission !== undefined
      ? { kind: 'lab', directory: values.submission, srcOnly: true }
      : lab === undefined
        ? { kind: 'starter' }
        : isGlob(lab)
          ? { kind: 'batch', pattern: lab }
          : { kind: 'lab', directory: lab, ...(ownLab && !studentLab ? { ownScript: true } : {}) };
  if (
    target.kind === 'batch' &&
    (values.watch || values.verbose || values.stretch || format !== 'text')
  ) {
    return {
      ok: false,
      error:
        'A batch (--lab with a glob) prints a table and can write --csv FILE; --watch, --verbose, --stretch, --json and --format grade one lab.',
    };
  }
  const on: GradeOptions['on'] = [];
  for (const given of values.on ?? []) {
    const [earlier = '', ...rest] = given.split('=');
    const directory = rest.join('=');
    if (!days.includes(earlier) || directory === '') {
      return {
        ok: false,
        error: `--on takes an earlier day and its folder, e.g. --on ${days[0] ?? 'd3'}=labs/${days[0] ?? 'd3'}, not "${given}".`,
      };
    }
    if (on.some((given) => given.day === earlier))
      return { ok: false, error: `--on names ${earlier} twice; give each earlier day once.` };
    on.push({ day: earlier, directory });
  }
  const platform = format === 'gradescope' || format === 'classroom50';
  if (
    on.length > 0 &&
    (base.mine ||
      target.kind === 'batch' ||
      values.submission !== undefined ||
      base.watch ||
      platform)
  ) {
    return {
      ok: false,
      error:
        "--on grades one lab on the earlier days given, as text or --json; use it without --mine, a batch, --submission, --watch and a platform's --format.",
    };
  }
  const kitLab = target.kind === 'starter' || (target.kind === 'lab' && target.ownScript === true);
  if (base.mine && (!kitLab || format !== 'text' || base.watch || base.stretch)) {
    return {
      ok: false,
      error:
        "--mine grades the kit's own lab of a day on the earlier days you switched to your own (pnpm switch), as a text report: use it without --solution, --lab, --submission, --json, --format, --watch and --stretch.",
    };
  }
  if (target.kind !== 'batch' && values.csv !== undefined) {
    return {
      ok: false,
      error: `--csv writes one row per submission of a batch; grade a folder of them with --lab 'submissions/*' --csv ${values.csv}, or use --json for one lab.`,
    };
  }
  return {
    ok: true,
    value: {
      ...base,
      on,
      dayId,
      target,
      ...(values.only ? { only: values.only } : {}),
      timeoutSeconds,
      ...(seed === undefined ? {} : { seed }),
      format: format as GradeOptions['format'],
      ...(values.csv ? { csv: values.csv } : {}),
    },
  };
}

/** The seed in the option's text, or null when it is not a whole number in range. */
function parseSeed(text: string): number | null {
  if (!/^\d+$/.test(text.trim())) return null;
  const seed = Number(text.trim());
  return seed <= MAX_SEED ? seed : null;
}

/**
 * parseArgs explains an unknown option with advice about positional arguments that only confuses
 * here; each of its errors (an unknown option, or a value missing, ambiguous or not taken) becomes
 * one sentence instead.
 */
function describeParseError({
  error,
  labExample,
  dayExample,
}: {
  error: unknown;
  /** A lab folder as the student would type it where they are. */
  labExample: string;
  /** A day to name in an example command. */
  dayExample: string;
}): string {
  const message = error instanceof Error ? error.message : String(error);
  // A flag with a short form is named by both ('-h, --help'); the long one is what was typed.
  const option = /'(?:-\w, )?(-[^' ]*)/.exec(message)?.[1] ?? '';
  if ((error as { code?: string }).code !== 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    return `There is no option ${option}; \`pnpm grade --help\` lists them.`;
  }
  if (message.includes('argument missing'))
    return `${option} needs a value, e.g. ${option} ${option === '--lab' ? labExample : (OPTION_EXAMPLES[option] ?? 'VALUE')}.`;
  // parseArgs will not take a value starting with a dash after a space, e.g. --seed -1.
  if (message.includes('ambiguous'))
    return `${option} needs a value, and one starting with "-" is written ${option}=VALUE.`;
  // What is left: a flag given a value, as in --json=1.
  return option === '--help'
    ? '--help takes no value; type `pnpm grade --help` for the options.'
    : `${option} takes no value; write it on its own, e.g. \`pnpm grade ${dayExample} ${option}\`.`;
}

/** What a value looks like, for an option given without one. */
const OPTION_EXAMPLES: Record<string, string> = {
  '--only': 'truncation',
  '--timeout': '20',
  '--seed': '12345',
  '--format': 'json',
  '--csv': 'grades.csv',
};

/** Whether a --lab value is a glob (a batch) rather than one folder. */
function isGlob(value: string): boolean {
  return /[*?[\]{}]/.test(value);
}
