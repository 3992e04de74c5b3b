// Entry for `pnpm start [day] [arguments…]`: runs a day's command line from its lab folder, as
// `pnpm start` inside that folder would; the choice of day lives in plan-start.ts.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { planStart } from './plan-start';
import { REPO_ROOT } from './repo-root';

const planned = await planStart({ root: REPO_ROOT, args: process.argv.slice(2) });
if (!planned.ok) {
  process.stderr.write(`pnpm start: ${planned.error}\n`);
  process.exit(2);
}
const { directory, entry, args, help } = planned.value;
if (help) process.stdout.write(`${help.join('\n')}\n`);
// As the day's own `pnpm start` does: a day that cannot load says where in a few lines, not a stack.
const reportLoadErrors = pathToFileURL(
  join(REPO_ROOT, 'packages', 'cli', 'src', 'report-load-errors.ts'),
).href;
// And says which earlier days the day runs on, the kit's or the student's own (pnpm switch).
const runOnOwnDays = pathToFileURL(
  join(REPO_ROOT, 'packages', 'cli', 'src', 'own-days', 'run-on-own-days.ts'),
).href;
const child = spawn(
  process.execPath,
  ['--import', 'tsx', '--import', reportLoadErrors, '--import', runOnOwnDays, entry, ...args],
  {
    cwd: directory,
    stdio: 'inherit',
  },
);
// Ctrl-C reaches the day's command line too (same terminal); it decides how to stop, and its
// exit code is the one reported.
process.on('SIGINT', () => {});
process.on('SIGTERM', () => child.kill('SIGTERM'));
child.on('exit', (code, signal) => {
  process.exitCode = code ?? (signal === 'SIGINT' ? 130 : 1);
});
