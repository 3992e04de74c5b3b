import { readFile } from 'node:fs/promises';
import { type ChildReport, isChildReport } from './child-report';
import { RUN_CHECK_ENTRY, TSX_LOADER_URL } from './kit-paths';
import { STDERR_TAIL_LINES } from './limits';
import { spawnBounded } from './spawn-bounded';
import { lastLines } from './tail-collector';

/** What one check process needs. */
export interface RunCheckProcessOptions {
  /** The day the check belongs to, e.g. `d3`. */
  dayId: string;
  /** The check's id. */
  checkId: string;
  /** The (staged) lab to grade. */
  labDir: string;
  /** Where the child writes its report; a path only the grader knows. */
  resultFile: string;
  /** The check's time budget; the whole process group is killed when it runs out. */
  timeoutMs: number;
}

/**
 * Runs one check in its own process and returns its report. Whatever the lab does (hang, crash,
 * exit, flood its output), this resolves with a report within the time budget.
 */
export async function runCheckProcess(options: RunCheckProcessOptions): Promise<ChildReport> {
  const ended = await spawnBounded({
    args: [
      ...['--import', TSX_LOADER_URL, RUN_CHECK_ENTRY],
      ...['--day', options.dayId, '--check', options.checkId, '--lab', options.labDir],
      ...['--result', options.resultFile, '--timeout-ms', String(options.timeoutMs)],
    ],
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
    timeoutMs: options.timeoutMs,
  });
  if (ended.timedOut) {
    return crashReport({
      errorKind: 'timeout',
      message:
        `did not finish within ${options.timeoutMs / 1000} s and was stopped: look for an endless ` +
        'loop or a promise that never settles (raise the limit with --timeout SECONDS)',
    });
  }
  const report = await readReport(options.resultFile);
  if (report) return report;
  const stderr = lastLines({ text: ended.stderrTail, count: STDERR_TAIL_LINES });
  const quoted = stderr.length > 0 ? `; its last output:\n${stderr.join('\n')}` : '';
  return crashReport({
    errorKind: 'crashed',
    message:
      ended.exitCode === 13
        ? 'never finished: a promise never settled and nothing was left to run (node exit code 13)'
        : `the check process ${ended.signal ? `was killed by ${ended.signal}` : `exited with code ${ended.exitCode}`} before reporting${quoted}`,
  });
}

async function readReport(resultFile: string): Promise<ChildReport | undefined> {
  try {
    const parsed: unknown = JSON.parse(await readFile(resultFile, 'utf8'));
    return isChildReport(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

function crashReport({
  errorKind,
  message,
}: {
  errorKind: 'timeout' | 'crashed';
  message: string;
}): ChildReport {
  return { status: 'error', errorKind, message, hint: '' };
}
