/**
 * The child entry that runs a lab's checks one after another: `node run-checks.js --day d3 --lab
 * <dir> --timeout-ms <ms> --check <id> [--check <id> ...]`, compiled (see
 * compiled/compile-grader.mjs). Its stdin holds a token, the lab's compiled modules (JSON) and the
 * seed, sent once the grader has compiled the lab: the child starts meanwhile. Student code is imported only here, so whatever it does cannot take the grader down. Before each check it tells the grader
 * which one starts (that check's time limit runs from then), and after it, the report; both go to
 * MESSAGE_FD, never to stdout, which the lab may flood. When the lab kills this process or leaves a
 * check hanging, the grader reports that check and runs the ones after it in a fresh child.
 */
import { tmpdir } from 'node:os';
import { parseArgs } from 'node:util';
import type { CheckResult } from '@agent-course/course';
import type { Check } from './check';
import { sendChildMessage } from './child-message';
import type { CompiledLab } from './compiled/compile-lab';
import { findGradedDays } from './day';
import { useCompiledLab } from './import-lab-file';
import { atLabFrame, runCheckHere } from './run-check-here';

const { values } = parseArgs({
  options: {
    day: { type: 'string' },
    lab: { type: 'string' },
    'timeout-ms': { type: 'string' },
    scratch: { type: 'string' },
    check: { type: 'string', multiple: true },
  },
});
// The day's checks load while the grader may still be compiling the lab, with all they import:
// the lab's compile is then all a grade waits for. fetch's own code (the scripted model's runs use
// it) loads on first use of one of its classes, so that is made now too.
const checkIds = values.check ?? [];
const selected = findGradedDays({ only: values.day }).then(({ days }) => {
  const day = days.find((candidate) => candidate.id === values.day);
  const checks =
    day && [...day.checks, ...day.stretch].filter((check) => checkIds.includes(check.id));
  return { day, checks };
});
const checksLoaded = selected.then(({ checks }) => {
  void globalThis.Headers;
  // A check that fails to load is reported by runCheckHere, when it runs.
  return Promise.all((checks ?? []).map((check) => check.load().catch(() => undefined)));
});
/** Read before any lab code loads; see sendChildMessage. Never stored anywhere else. */
const { token, modules, seed } = await readStdin();
const labDir = values.lab ?? '';
useCompiledLab({ labDir, modules });
const timeoutMs = Number(values['timeout-ms'] ?? 10_000);
const scratchRoot = values.scratch ?? tmpdir();
const realExit: (code?: number) => never = process.exit.bind(process);
/** The check running now, which a crash is blamed on. */
let current: Check | undefined;
/** The checks without a report yet, which a crash before any check starts is blamed on. */
let unreported: Check[] = [];

function sendResult(result: CheckResult): void {
  unreported = unreported.filter((candidate) => candidate.id !== result.id);
  sendChildMessage({ message: { kind: 'finished', result }, token });
}

/**
 * Ends the process after something escaped a check, even if the lab left servers or timers running.
 * The check in progress is reported as crashed, and the grader runs the rest in a fresh child; when
 * the lab broke while loading, before any check began, every check is reported at once.
 */
function abandon(message: string): never {
  for (const check of current ? [current] : unreported) {
    const { id, title } = check;
    sendResult({ id, title, status: 'error', errorKind: 'crashed', message, hint: '' });
  }
  realExit(0);
}

/**
 * All of stdin, which is then used up, so lab code cannot read it again: the grader's token on the
 * first line, the lab's compiled modules on the second, the grade's seed on the third. The seed
 * comes this way rather than on the command line, which a lab could read (process.argv,
 * /proc/self/cmdline) to work out the variants its checks will generate.
 */
async function readStdin(): Promise<{
  token: string;
  modules: CompiledLab['modules'];
  seed: number;
}> {
  let text = '';
  for await (const chunk of process.stdin) text += String(chunk);
  const [token = '', modules = '', seed = '0'] = text.split('\n');
  let compiled: CompiledLab['modules'];
  try {
    compiled = JSON.parse(modules) as CompiledLab['modules'];
  } catch {
    compiled = { ok: false, error: 'the grader sent no compiled lab' };
  }
  return { token: token.trim(), modules: compiled, seed: Number(seed) || 0 };
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
  abandon(`the lab threw outside the check: ${describe(error)}${atLabFrame({ error, labDir })}`),
);
process.on('unhandledRejection', (reason) =>
  abandon(`a promise in the lab rejected unhandled: ${describe(reason)}`),
);

const { day, checks } = await selected;
if (!day || !checks || checks.length !== checkIds.length) {
  process.stderr.write(`no checks ${checkIds.join(', ')} in day ${values.day}\n`);
  realExit(2);
}
unreported = checks;
// From here on, stack traces name the lab's own files and lines (its compiled files carry source
// maps), as they would under tsx; turned on only now, so the grader's own modules load without it.
await checksLoaded;
process.setSourceMapsEnabled(true);
// A lab that hangs or dies while loading then fails every check here at once. One that throws is
// left to each check, which finds the same error in the module cache and reports it in its words.
await day.loadLab?.(labDir).catch(() => {});
for (const check of checks) {
  current = check;
  sendChildMessage({ message: { kind: 'started', checkId: check.id }, token });
  sendResult(await runCheckHere({ check, labDir, timeoutMs, seed, scratchRoot }));
  current = undefined;
}
realExit(0);
