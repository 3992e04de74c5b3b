import { groupDigits } from '@agent-course/core';
import { MAX_COMMAND_OUTPUT_CHARS } from '@agent-course/workspace';
import { createEditWorkspace, describeResult, driveTool } from './edit-workspace';
import { createVariantCheck } from './create-variant-check';
import {
  LESSON_COMMAND_OUTPUT,
  createCommandOutputVariant,
} from './variants/command-output-variant';

/** Room for the header and the note around the kept head and tail. */
const HEADER_ROOM = 1000;
/** Long enough for `cat` on a busy machine, short enough that waiting on stdin shows as a timeout. */
const STDIN_LIMIT_MS = 4000;

/**
 * Check 7: output is bounded whatever the command prints (start and end kept, stdout and stderr
 * together), standard input reads as empty instead of waiting, and a non-zero exit code is an
 * ordinary result that names the code. The lesson's commands come first; then commands that print
 * what only the shell can work out, from numbers the seed picks, so only a lab that runs them can
 * show it.
 */
export const judge = createVariantCheck({
  salt: 'output-and-stdin',
  lesson: LESSON_COMMAND_OUTPUT,
  createVariant: createCommandOutputVariant,
  async judge({ drive, variant, prepare, transcript, throws }) {
    const first = variant.flood.first.printed;
    const last = variant.flood.last.printed;
    const { root } = await createEditWorkspace({ prepare, files: {} });
    const call = async (label: string, args: Record<string, unknown>) => {
      const result = await driveTool({
        drive,
        operation: 'run',
        input: { cwd: root, args },
        tool: 'run_command',
        throws,
      });
      transcript.push(`run_command ${label} → ${describeResult(result)}`);
      return result;
    };

    const flood = await call(`printing ${groupDigits(variant.flood.floodChars)} characters`, {
      command: variant.flood.command,
    });
    const cap = MAX_COMMAND_OUTPUT_CHARS + HEADER_ROOM;
    // Output far beyond the cap reaches the grader as its two ends (see MAX_KEPT_CONTENT_CHARS).
    if (flood.chars > cap || !flood.content.includes(first) || !flood.content.includes(last)) {
      return {
        expected: `at most ${cap} characters keeping the first line (stdout, ${first}) and the last (stderr, ${last})`,
        got: `${flood.chars} characters${flood.content.includes(first) ? '' : ', no first line'}${flood.content.includes(last) ? '' : ', no last line'}`,
      };
    }

    const reader = await call('reading stdin (cat)', {
      command: variant.reader.command,
      timeout_ms: STDIN_LIMIT_MS,
    });
    const after = variant.reader.after.printed;
    if (/timed out/i.test(reader.content) || !reader.content.includes(after)) {
      return {
        expected: `cat to read an empty, closed stdin and finish at once, then ${after} to be printed`,
        got: JSON.stringify(reader.content.slice(0, 200)),
      };
    }

    const { exitCode } = variant.failing;
    const failing = await call(`exiting with code ${exitCode}`, {
      command: variant.failing.command,
    });
    if (
      !new RegExp(`\\b${exitCode}\\b`).test(failing.content.split('\n', 1)[0] ?? '') ||
      !failing.content.includes(variant.failing.before.printed)
    ) {
      return {
        expected: `a header naming exit code ${exitCode}, followed by the output (${variant.failing.before.printed})`,
        got: JSON.stringify(failing.content.slice(0, 200)),
      };
    }
    return undefined;
  },
});
