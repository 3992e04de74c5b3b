import type { CheckContext, CheckOutcome } from '../../../check';
import { MAX_COMMAND_OUTPUT_CHARS } from '@agent-course/workspace';
import { loadD4Lab } from '../d4-lab';
import { createEditWorkspace, describeResult } from '../edit-workspace';

/** Far more than the cap: 400,000 characters between a first and a last line. */
const FLOOD = `echo FIRST-LINE; yes 0123456789abcdef | head -c 400000; echo; echo LAST-LINE >&2`;
/** Room for the header and the note around the kept head and tail. */
const HEADER_ROOM = 1000;
/** Long enough for `cat` on a busy machine, short enough that waiting on stdin shows as a timeout. */
const STDIN_LIMIT_MS = 4000;

/**
 * Check 7: output is bounded whatever the command prints (start and end kept, stdout and stderr
 * together), standard input reads as empty instead of waiting, and a non-zero exit code is an
 * ordinary result that names the code.
 */
export async function run({ labDir, scratchDir }: CheckContext): Promise<CheckOutcome> {
  const lab = await loadD4Lab(labDir);
  const workspace = await createEditWorkspace({ scratchDir, files: {} });
  const transcript: string[] = [];
  const call = async (label: string, args: Record<string, unknown>) => {
    const result = await workspace.call(lab.runCommandTool, args);
    transcript.push(`run_command ${label} → ${describeResult(result)}`);
    return result;
  };

  const flood = await call('printing 400,000 characters', { command: FLOOD });
  const cap = MAX_COMMAND_OUTPUT_CHARS + HEADER_ROOM;
  if (
    flood.content.length > cap ||
    !flood.content.includes('FIRST-LINE') ||
    !flood.content.includes('LAST-LINE')
  ) {
    return {
      passed: false,
      expected: `at most ${cap} characters keeping the first line (stdout) and the last (stderr)`,
      got: `${flood.content.length} characters${flood.content.includes('FIRST-LINE') ? '' : ', no first line'}${flood.content.includes('LAST-LINE') ? '' : ', no last line'}`,
      transcript,
    };
  }

  const reader = await call('reading stdin (cat)', {
    command: 'cat; echo STDIN-CLOSED',
    timeout_ms: STDIN_LIMIT_MS,
  });
  if (/timed out/i.test(reader.content) || !reader.content.includes('STDIN-CLOSED')) {
    return {
      passed: false,
      expected: 'cat to read an empty, closed stdin and finish at once',
      got: JSON.stringify(reader.content.slice(0, 200)),
      transcript,
    };
  }

  const failing = await call('exiting with code 3', { command: 'echo about to fail; exit 3' });
  if (
    !/\b3\b/.test(failing.content.split('\n', 1)[0] ?? '') ||
    !failing.content.includes('about to fail')
  ) {
    return {
      passed: false,
      expected: 'a header naming exit code 3, followed by the output',
      got: JSON.stringify(failing.content.slice(0, 200)),
      transcript,
    };
  }
  return { passed: true, transcript };
}
