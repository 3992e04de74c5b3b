// Turns one solution source file into its starter form. The marker grammar lives here and nowhere
// else, so the generator, the course check and the new-day scaffold all read regions the same way:
//
//   // #region exercise 1
//   ...solution lines...
//   // #starter
//   //> starter line (the text after "//> " is kept, with the indentation before "//>")
//   // #endregion exercise 1
//
// What the student is told lives in the day's manifest (day.ts): the region becomes
// `// TODO(1): <task>` and the exercise's details, wrapped, then the starter lines.

import type { Exercise } from '@agent-course/course';

/** One exercise region found in a solution file. */
export interface ExerciseRegion {
  /** The exercise number the student sees as TODO(number). */
  number: number;
  /** 1-based line of the `#region` marker in the solution file. */
  line: number;
  /** The solution's lines inside the region (before `#starter`): what must never reach a student. */
  solutionLines: string[];
}

/** A marker the generator cannot make sense of, reported as `path:line: reason`. */
export interface MarkerProblem {
  /** The file as the caller named it (usually relative to the repository root). */
  path: string;
  /** 1-based line where the problem shows. */
  line: number;
  /** What is wrong and how to fix it. */
  reason: string;
}

export type StripResult =
  { ok: true; text: string; regions: ExerciseRegion[] } | { ok: false; problems: MarkerProblem[] };

const REGION_START = /^(\s*)\/\/\s*#region\s+exercise\b(.*)$/;
const REGION_END = /^\s*\/\/\s*#endregion\b(.*)$/;
const STARTER_SEPARATOR = /^\s*\/\/\s*#starter\b(.*)$/;
const STARTER_LINE = /^(\s*)\/\/>(?: (.*)|)$/;
const NUMBERED_START = /^\s+(\d+)\s*$/;
// The previous grammar, `// #region exercise 1: <text>`: the text now lives in day.ts.
const TEXT_AFTER_NUMBER = /^\s+(\d+)\s*:/;
const NUMBERED_END = /^\s+exercise\s+(\d+)\s*$/;
// A bare `// #region` (editor folding) is still reserved: inside solution sources it would be
// mistaken for an exercise by a reader, so it is reported rather than silently kept.
const ANY_REGION = /^\s*\/\/\s*#region\b/;

// The starter's TODO comment wraps at the formatter's line width, so a long instruction stays readable.
const TODO_LINE_WIDTH = 100;

// Stands for the number of a region whose marker could not be read (already reported).
const UNKNOWN_NUMBER = -1;

interface OpenRegion {
  region: ExerciseRegion;
  indentation: string;
  starterLine: number | undefined;
  starterLines: string[];
}

/**
 * Replaces every exercise region of `text` by its TODO line and starter lines.
 * Reports every malformed marker instead of throwing, so a caller can list them all at once.
 */
export function stripExerciseRegions(options: {
  path: string;
  text: string;
  /** The day's exercises, from its manifest: the TODO text of each region. */
  exercises: readonly Exercise[];
  /**
   * `starter` (the default) replaces each region by its TODO and starter lines; `finished` keeps
   * the solution's lines and drops only the markers and starter lines: the day's code as it ends,
   * for the package later days build on (see packages/course/src/finished-packages.ts).
   */
  form?: 'starter' | 'finished';
}): StripResult {
  const { path } = options;
  const lines = options.text.split('\n');
  const output: string[] = [];
  const regions: ExerciseRegion[] = [];
  const problems: MarkerProblem[] = [];
  const seen = new Map<number, number>();
  let open: OpenRegion | undefined;

  const report = (line: number, reason: string) => problems.push({ path, line, reason });

  lines.forEach((rawLine, index) => {
    const line = rawLine.replace(/\r$/, '');
    const lineNumber = index + 1;
    const start = REGION_START.exec(line);
    if (start || ANY_REGION.test(line)) {
      const numbered =
        NUMBERED_START.exec(start?.[2] ?? '') ?? TEXT_AFTER_NUMBER.exec(start?.[2] ?? '');
      if (!numbered) {
        report(lineNumber, 'region marker needs a number: `// #region exercise 1`');
      } else if (TEXT_AFTER_NUMBER.test(start?.[2] ?? '')) {
        report(
          lineNumber,
          `the exercise's text belongs in day.ts (its task and details); shorten the marker to \`// #region exercise ${numbered[1]}\``,
        );
      } else if (!options.exercises.some((exercise) => exercise.number === Number(numbered[1]))) {
        report(
          lineNumber,
          `exercise ${numbered[1]} is not in day.ts; add it to the manifest's exercises (number, file, task, details)`,
        );
      }
      // An unreadable marker still opens a region so its end marker does not cascade into more reports.
      const number = numbered ? Number(numbered[1]) : UNKNOWN_NUMBER;
      if (open) {
        report(
          lineNumber,
          `exercise ${number} starts inside exercise ${open.region.number} (opened at line ${open.region.line}); ` +
            `close it first with \`// #endregion exercise ${open.region.number}\``,
        );
        return;
      }
      const earlier = seen.get(number);
      if (numbered && earlier !== undefined) {
        report(
          lineNumber,
          `exercise ${number} is already defined at line ${earlier}; number each exercise once`,
        );
      }
      seen.set(number, lineNumber);
      const region = { number, line: lineNumber, solutionLines: [] };
      open = { region, indentation: start?.[1] ?? '', starterLine: undefined, starterLines: [] };
      return;
    }

    const end = REGION_END.exec(line);
    if (end) {
      const numbered = NUMBERED_END.exec(end[1] ?? '');
      if (!open) {
        report(
          lineNumber,
          'end marker without an open exercise region; remove it or add the `#region` above',
        );
        return;
      }
      const number = numbered ? Number(numbered[1]) : UNKNOWN_NUMBER;
      const known = open.region.number !== UNKNOWN_NUMBER;
      if (!numbered && known) {
        report(
          lineNumber,
          `end marker needs the exercise number: \`// #endregion exercise ${open.region.number}\``,
        );
      } else if (numbered && known && number !== open.region.number) {
        report(
          lineNumber,
          `\`#endregion exercise ${number}\` closes exercise ${open.region.number} (opened at line ${open.region.line}); ` +
            `the numbers must match`,
        );
      }
      regions.push(open.region);
      const exercise = options.exercises.find((candidate) => candidate.number === number);
      if (options.form === 'finished') output.push(...open.region.solutionLines);
      else {
        output.push(
          ...todoComment({ indentation: open.indentation, number, exercise }),
          ...open.starterLines,
        );
      }
      open = undefined;
      return;
    }

    if (STARTER_SEPARATOR.test(line)) {
      if (!open) {
        report(
          lineNumber,
          '`// #starter` outside an exercise region; move it inside `#region` … `#endregion`',
        );
      } else if (open.starterLine !== undefined) {
        report(
          lineNumber,
          `exercise ${open.region.number} already has \`// #starter\` at line ${open.starterLine}; keep one`,
        );
      } else {
        open.starterLine = lineNumber;
      }
      return;
    }

    const starter = STARTER_LINE.exec(line);
    if (open?.starterLine !== undefined) {
      if (starter) {
        const text = starter[2] ?? '';
        open.starterLines.push(text === '' ? '' : `${starter[1]}${text}`);
      } else if (line.trim() === '') {
        open.starterLines.push('');
      } else {
        report(
          lineNumber,
          `after \`// #starter\` only \`//> \` starter lines may follow until \`// #endregion exercise ${open.region.number}\``,
        );
      }
      return;
    }
    if (starter) {
      report(
        lineNumber,
        'a `//>` starter line belongs after `// #starter` inside an exercise region',
      );
      return;
    }
    // Solution lines inside a region are dropped; everything else is the shared scaffold.
    if (open) open.region.solutionLines.push(line);
    else output.push(rawLine);
  });

  if (open) {
    report(
      open.region.line,
      `exercise ${open.region.number} is never closed; add \`// #endregion exercise ${open.region.number}\``,
    );
  }
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, text: output.join('\n'), regions };
}

/**
 * `// TODO(n): <task>`, then the details wrapped at TODO_LINE_WIDTH, each line indented under the
 * task. An exercise missing from the manifest was reported already; its TODO line still marks the place.
 */
function todoComment(options: {
  indentation: string;
  number: number;
  exercise: Exercise | undefined;
}): string[] {
  const { indentation, exercise } = options;
  const first = `${indentation}// TODO(${options.number}): ${exercise?.task ?? ''}`.trimEnd();
  return [first, ...wrap({ prefix: `${indentation}//   `, text: exercise?.details ?? '' })];
}

/** `text` in lines of at most TODO_LINE_WIDTH (a longer word stands alone), each starting with `prefix`. */
function wrap({ prefix, text }: { prefix: string; text: string }): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (current !== '' && prefix.length + current.length + 1 + word.length > TODO_LINE_WIDTH) {
      lines.push(prefix + current);
      current = word;
    } else {
      current = current === '' ? word : `${current} ${word}`;
    }
  }
  if (current !== '') lines.push(prefix + current);
  return lines;
}
