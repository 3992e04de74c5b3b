// Swaps an entry for a symbolic link and back, again and again, to race a tool that checks a path
// and then uses it: node swap-with-link.mjs <entry> <link target> <iterations>. Prints "ready" once
// the first swap is done, so the racing side can start; stops after the given number of swaps.
// A tool that writes may create the entry in the moment it is away (a folder made by mkdir -p):
// that intruder is removed, so the race goes on instead of failing on the name being taken.
import { renameSync, rmSync, symlinkSync, unlinkSync } from 'node:fs';

const [entry, target, iterationsText] = process.argv.slice(2);
const held = `${entry}.held`;
const iterations = Number(iterationsText);

/** Runs `step`; while something holds the entry's name, removes it and runs `step` again. */
function evictingIntruder(step) {
  for (;;) {
    try {
      step();
      return;
    } catch (error) {
      if (error.code !== 'EEXIST' && error.code !== 'ENOTEMPTY') throw error;
      // The tool may still be writing into the intruder: the removal can fail, and is retried.
      try {
        rmSync(entry, { recursive: true, force: true });
      } catch {}
    }
  }
}

for (let swap = 0; swap < iterations; swap += 1) {
  renameSync(entry, held);
  evictingIntruder(() => symlinkSync(target, entry));
  unlinkSync(entry);
  evictingIntruder(() => renameSync(held, entry));
  if (swap === 0) process.stdout.write('ready\n');
}
