import { CLASS_LIMITS } from '@agent-course/course';
import { DEFAULT_TIMEOUT_SECONDS } from '../beside-lab/limits';

/** The first line of the help, also printed under a command line that could not be read. */
export const USAGE_LINE =
  "Usage: pnpm grade <day> [--solution | --lab DIR | --submission DIR | --lab 'GLOB'] [options]";

/** The grader's --help text. */
export function usage(days: string[]): string {
  return `${USAGE_LINE}

Grades a day of the course (${days.join(', ')}): by default your work in labs/<day>.
Student code runs in child processes with a time limit per check, so a lab that hangs or crashes
fails only the checks it touches; when the grader runs as root, those run as the user nobody.

Options:
  --solution           grade solutions/<day> instead
  --lab DIR            grade another lab: a clone of your repository, the lab folder, its src
                       files alone, or a folder holding one of these (an unpacked zip)
  --submission DIR     grade a submission as both autograders do: only the src of the lab
                       found in DIR, over the starter
  --lab 'GLOB'         grade every matching folder (quote it) as a submission, e.g.
                       --lab 'submissions/*'
  --csv FILE           with a batch only: also write one row per submission (score and max as
                       numbers, the result and its reason, one column per check)
  --only ID            run one check (ids are listed in the report)
  --timeout SECONDS    CPU time, and idle time, per check (default ${DEFAULT_TIMEOUT_SECONDS}; a batch's
                       and a submission's ${CLASS_LIMITS.checkSeconds}, what the autograders allow)
  --seed N             replay the generated variants of a grade that printed seed N (each
                       grade picks a fresh seed; the chapter's fixed scenarios always run first)
  --json               print the result as JSON (see grader/README.md for the schema)
  --format FORMAT      text (default), json, gradescope (a Gradescope results.json) or
                       classroom50 (what the Classroom 50 autograder publishes)
  --stretch            also run the day's optional stretch checks, reported on their own line
                       before the score; the score, exit code, --json score and Gradescope
                       score never count them
  --mine               run the lab on the earlier days you switched to your own (pnpm switch),
                       grading each of those first; without it a day always runs on the
                       kit's earlier days, so a mistake in one never costs marks in the next
  --on DAY=DIR         run the lab on DIR in place of the kit's finished DAY (an earlier day it
                       builds on), grading DIR as that day first, e.g. --on d3=labs/d3
  -v, --verbose        also print each scenario's tool calls and results, and what
                       the lab printed under checks that passed
  --watch              grade again whenever a file in the lab changes
  -h, --help           show this help

Exit code: 0 when every check passes, 1 when any fails, 2 when the command itself is wrong; a
batch (--lab 'GLOB') exits 0 once every submission has its row, whatever the scores.
`;
}
