// Entry for `pnpm probe`; the logic lives in run-probe-command.ts.
import { runProbeCommand } from './run-probe-command';

process.exitCode = await runProbeCommand({
  args: process.argv.slice(2),
  env: process.env,
  print: (line) => console.log(line),
  printError: (text) => process.stderr.write(text),
});
