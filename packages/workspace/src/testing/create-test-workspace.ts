import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Text no tool may ever return: it sits in a file outside the working directory. */
export const CANARY = 'CANARY-7f3a outside secret';

/** A throwaway working directory for tool tests, with traps around it. */
export interface TestWorkspace {
  /** The working directory the tools run in. */
  root: string;
  /** A sibling folder holding the canary file; paths and links lead here to try to escape. */
  outside: string;
  /** A sibling whose name starts with the root's name: "<root>-other". */
  prefixSibling: string;
  /** What a tool's run receives (a ToolContext): the root and a signal never aborted. */
  context: { cwd: string; signal: AbortSignal };
  /** Writes files (path relative to the root → text or bytes) under the root, creating folders. */
  write(files: Record<string, string | Uint8Array>): Promise<void>;
  /** Creates a symbolic link under the root pointing at `target` (absolute). */
  link(options: { relativePath: string; target: string }): Promise<void>;
  /** Deletes everything the workspace created. */
  cleanup(): Promise<void>;
}

/**
 * Creates <temp>/repo (the working directory), <temp>/outside/canary.txt and
 * <temp>/repo-other/canary.txt, then writes `files` into the repo.
 */
export async function createTestWorkspace(
  files: Record<string, string | Uint8Array> = {},
): Promise<TestWorkspace> {
  const parent = await realpath(await mkdtemp(path.join(tmpdir(), 'tools-test-')));
  const root = path.join(parent, 'repo');
  const outside = path.join(parent, 'outside');
  const prefixSibling = `${root}-other`;
  for (const folder of [root, outside, prefixSibling]) await mkdir(folder, { recursive: true });
  await writeFile(path.join(outside, 'canary.txt'), `${CANARY}\n`);
  await writeFile(path.join(prefixSibling, 'canary.txt'), `${CANARY}\n`);

  async function write(filesToWrite: Record<string, string | Uint8Array>): Promise<void> {
    for (const [relativePath, content] of Object.entries(filesToWrite)) {
      const filePath = path.join(root, relativePath);
      await mkdir(path.dirname(filePath), { recursive: true });
      await writeFile(filePath, content);
    }
  }
  await write(files);

  return {
    root,
    outside,
    prefixSibling,
    context: { cwd: root, signal: new AbortController().signal },
    write,
    async link({ relativePath, target }) {
      const linkPath = path.join(root, relativePath);
      await mkdir(path.dirname(linkPath), { recursive: true });
      await symlink(target, linkPath);
    },
    cleanup: () => rm(parent, { recursive: true, force: true }),
  };
}
