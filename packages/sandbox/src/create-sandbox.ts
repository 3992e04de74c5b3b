import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sandboxFiles } from './sandbox-files';

/** Where to write the sandbox. */
export interface CreateSandboxOptions {
  /** An empty or missing directory to write into; a fresh temporary directory when omitted. */
  directory?: string;
}

/** A sandbox repository on disk. */
export interface Sandbox {
  /** The absolute path of the sandbox's root. */
  directory: string;
  /** Deletes the sandbox's directory and everything in it. */
  cleanup(): Promise<void>;
}

/** Writes the sandbox repository to disk; its test (`node --test`) fails on a real bug. */
export async function createSandbox(options: CreateSandboxOptions = {}): Promise<Sandbox> {
  const directory = options.directory
    ? await prepareDirectory(path.resolve(options.directory))
    : await mkdtemp(path.join(tmpdir(), 'agent-sandbox-'));
  // Synchronous writes: seventeen small files take a millisecond or two this way, where a round
  // trip through the thread pool for each folder and file takes ten times that (a grade makes many).
  for (const [relativePath, content] of sandboxFiles()) {
    const filePath = path.join(directory, ...relativePath.split('/'));
    mkdirSync(path.dirname(filePath), { recursive: true });
    writeFileSync(filePath, content);
  }
  return {
    directory,
    cleanup: () => rm(directory, { recursive: true, force: true }),
  };
}

/** cleanup deletes the whole directory, so refuse one that already holds someone's files. */
async function prepareDirectory(directory: string): Promise<string> {
  await mkdir(directory, { recursive: true });
  const entries = await readdir(directory);
  if (entries.length > 0) {
    throw new Error(
      `${directory} is not empty (${entries.length} entries); pass an empty or missing directory, or omit it to get a fresh temporary one`,
    );
  }
  return directory;
}
