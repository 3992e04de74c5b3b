import { rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { gradeTempRoot } from './grade-temp-root';
import { killLiveGroups } from './start-bounded-process';

/** Temporary folders this grade made and has not removed yet. */
const liveFolders = new Set<string>();
let exitHookInstalled = false;

/**
 * Makes a temporary folder the grader owns (`<gradeTempRoot>/<prefix>XXXXXX`). It is removed by
 * removeTempFolder, or, if the grader is stopped first (Ctrl-C, SIGTERM, an exit), on the way out.
 */
export async function createTempFolder(prefix: string): Promise<string> {
  installExitHook();
  const folder = await mkdtemp(join(gradeTempRoot(), prefix));
  liveFolders.add(folder);
  return folder;
}

/** Forgets a folder made by createTempFolder that the caller has removed itself. */
export function forgetTempFolder(folder: string): void {
  liveFolders.delete(folder);
}

/** Removes a folder made by createTempFolder. */
export async function removeTempFolder(folder: string): Promise<void> {
  await rm(folder, { recursive: true, force: true, maxRetries: 2 });
  liveFolders.delete(folder);
}

/**
 * Ctrl-C and SIGTERM end Node without running `finally` blocks or 'exit' listeners; turning them
 * into an exit runs the listener below. The check processes live in their own process groups, so
 * the terminal's Ctrl-C never reached them: they are killed first, then their folders removed.
 */
function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('SIGINT', () => process.exit(130));
  process.once('SIGTERM', () => process.exit(143));
  process.on('exit', () => {
    killLiveGroups();
    for (const folder of liveFolders) {
      rmSync(folder, { recursive: true, force: true, maxRetries: 2 });
    }
  });
}
