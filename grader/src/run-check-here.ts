import { mkdtemp, realpath, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Check, CheckOutcome } from './check';
import type { ChildReport } from './child-report';
import { TSX_LOADER_URL } from './kit-paths';
import { LabLoadError } from './lab-load-error';
import { scrubPaths } from './scrub-paths';
import { handToStudentCode } from './unprivileged-user';

/**
 * Runs a check in the current process with a scratch dir of its own, and turns its outcome into a
 * report with temporary paths hidden. Used by the check child, and by the grader for checks whose
 * lab code runs only in a CLI process they spawn.
 */
export async function runCheckHere(options: {
  check: Check;
  labDir: string;
  timeoutMs: number;
  /** The folder the grader owns for this grade; the check's scratch dir is made inside it. */
  scratchRoot: string;
}): Promise<ChildReport> {
  const { check, labDir } = options;
  const scratchDir = await realpath(await mkdtemp(join(options.scratchRoot, 'check-')));
  // A check in the grader runs the lab's CLI in here; as root, that CLI runs as another user.
  await handToStudentCode(scratchDir);
  let outcome: CheckOutcome;
  try {
    const { run } = await check.load();
    outcome = await run({
      labDir,
      scratchDir,
      tempDir: options.scratchRoot,
      tsxLoaderUrl: TSX_LOADER_URL,
      timeoutMs: options.timeoutMs,
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    outcome =
      error instanceof LabLoadError
        ? { passed: false, expected: 'the lab to load', got: reason, errorKind: 'crashed' }
        : { passed: false, expected: 'the check to run to the end', got: `it threw: ${reason}` };
  } finally {
    await rm(scratchDir, { recursive: true, force: true, maxRetries: 2 });
  }
  const replacements = [
    { path: labDir, placeholder: '<lab>' },
    { path: scratchDir, placeholder: '<scratch>' },
  ];
  return scrubReport({ report: toReport({ outcome, defaultHint: check.hint }), replacements });
}

/** A report with each directory replaced by its placeholder, so the same lab reads the same. */
export function scrubReport({
  report,
  replacements,
}: {
  report: ChildReport;
  replacements: Array<{ path: string; placeholder: string }>;
}): ChildReport {
  const scrub = (text: string) => scrubPaths({ text, replacements });
  return {
    ...report,
    message: scrub(report.message),
    hint: scrub(report.hint),
    ...(report.transcript ? { transcript: report.transcript.map(scrub) } : {}),
  };
}

function toReport({
  outcome,
  defaultHint,
}: {
  outcome: CheckOutcome;
  defaultHint: string;
}): ChildReport {
  const transcript = outcome.transcript ? { transcript: outcome.transcript } : {};
  if (outcome.passed) return { status: 'pass', message: '', hint: '', ...transcript };
  return {
    status: outcome.errorKind ? 'error' : 'fail',
    ...(outcome.errorKind ? { errorKind: outcome.errorKind } : {}),
    message: `expected: ${outcome.expected}\ngot: ${outcome.got}`,
    // Running out of time says nothing about which exercise is wrong, so a timeout gets no TODO.
    hint: outcome.hint ?? (outcome.errorKind === 'timeout' ? '' : defaultHint),
    ...transcript,
  };
}
