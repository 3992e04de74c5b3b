import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, lstatSync, renameSync, rmSync, unlinkSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SWAPPER = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '__fixtures__',
  'swap-with-link.mjs',
);

/** A child process swapping an entry for a symbolic link and back, and how to stop it. */
export interface LinkSwapper {
  /** Stops the swapping and waits until the entry is back in place. */
  stop(): Promise<void>;
}

/**
 * Starts a child process that swaps `entry` (a file or folder) for a symbolic link to `target`
 * and back, `iterations` times, as fast as it can, to race a tool that checks a path and then
 * uses it. Resolves once the first swap is done. The race is bounded by its count of swaps,
 * never by a clock; stop() ends it early and leaves the entry in place.
 */
export async function startLinkSwapper({
  entry,
  target,
  iterations,
}: {
  entry: string;
  target: string;
  iterations: number;
}): Promise<LinkSwapper> {
  const child = spawn(process.execPath, [SWAPPER, entry, target, String(iterations)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = once(child, 'exit');
  await once(child.stdout, 'data');
  return {
    async stop() {
      // Killed mid-swap, the child may leave the link in place and the entry under its held name.
      child.kill('SIGKILL');
      await exited;
      const held = `${entry}.held`;
      if (existsSync(held)) {
        const inTheWay = lstatSync(entry, { throwIfNoEntry: false });
        if (inTheWay?.isSymbolicLink()) unlinkSync(entry);
        // A folder a writing tool made while the entry was away.
        else if (inTheWay) rmSync(entry, { recursive: true, force: true });
        renameSync(held, entry);
      }
    },
  };
}
