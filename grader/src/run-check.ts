/**
 * The child entry that runs one check: `node --import tsx run-check.ts --day d3 --check <id>
 * --lab <dir> --result <file> --timeout-ms <ms>`. Student code is imported only here, so whatever
 * it does cannot take the grader down; the report goes to the result file, never to stdout.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { ChildReport } from './child-report';
import { findDay } from './days/find-day';
import { runCheckHere, scrubReport } from './run-check-here';

const { values } = parseArgs({
  options: {
    day: { type: 'string' },
    check: { type: 'string' },
    lab: { type: 'string' },
    result: { type: 'string' },
    'timeout-ms': { type: 'string' },
  },
});
const labDir = values.lab ?? '';
const realExit: (code?: number) => never = process.exit.bind(process);
let finished = false;

/** Writes the report once and ends the process, even if the lab left servers or timers running. */
function finish(report: ChildReport): never {
  if (!finished) {
    finished = true;
    const scrubbed = scrubReport({
      report,
      replacements: [{ path: labDir, placeholder: '<lab>' }],
    });
    writeFileSync(values.result ?? '', JSON.stringify(scrubbed));
  }
  realExit(0);
}

function crashed(message: string): ChildReport {
  return { status: 'error', errorKind: 'crashed', message, hint: '' };
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

// A lab calling process.exit would end the check without a report; make it a clear failure instead.
process.exit = ((code?: number) => {
  throw new Error(
    `the lab called process.exit(${code ?? ''}); a library function must return, not exit`,
  );
}) as typeof process.exit;
process.on('uncaughtException', (error) =>
  finish(crashed(`the lab threw outside the check: ${describe(error)}`)),
);
process.on('unhandledRejection', (reason) =>
  finish(crashed(`a promise in the lab rejected unhandled: ${describe(reason)}`)),
);

const check = findDay(values.day ?? '')?.checks.find((candidate) => candidate.id === values.check);
if (!check) finish(crashed(`no check ${values.check} in day ${values.day}`));
finish(await runCheckHere({ check, labDir, timeoutMs: Number(values['timeout-ms'] ?? 10_000) }));
