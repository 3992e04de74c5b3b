// Swaps an entry for a symbolic link and back, again and again, to race a tool that checks a path
// and then uses it: node swap-with-link.mjs <entry> <link target> <iterations>. Prints "ready" once
// the first swap is done, so the racing side can start; stops after the given number of swaps.
import { renameSync, symlinkSync, unlinkSync } from 'node:fs';

const [entry, target, iterationsText] = process.argv.slice(2);
const held = `${entry}.held`;
const iterations = Number(iterationsText);
for (let swap = 0; swap < iterations; swap += 1) {
  renameSync(entry, held);
  symlinkSync(target, entry);
  unlinkSync(entry);
  renameSync(held, entry);
  if (swap === 0) process.stdout.write('ready\n');
}
