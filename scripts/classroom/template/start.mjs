// `pnpm start [dN] [question] [options]` in a student template: runs the lab's agent. The day's
// name is optional, as in the full kit, where `pnpm start d3` picks the day; passed on, it would
// become the question. Another day's name is refused with what this repository holds.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

const [day] = readdirSync(new URL('labs', import.meta.url)).filter((name) => /^d\d+$/.test(name));
const args = process.argv.slice(2);
if (/^d\d+$/.test(args[0] ?? '')) {
  if (args[0] !== day) {
    console.error(
      `pnpm start: this repository holds day ${day.slice(1)} only; run \`pnpm start\` or \`pnpm start ${day}\``,
    );
    process.exit(2);
  }
  args.shift();
}
const run = spawnSync('pnpm', ['--silent', '--filter', `./labs/${day}`, 'start', ...args], {
  stdio: 'inherit',
});
process.exit(run.status ?? 1);
