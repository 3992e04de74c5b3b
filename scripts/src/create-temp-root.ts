// Test support: a throwaway repository root holding just the files a test names.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { onTestFinished } from 'vitest';

/**
 * Creates a temporary directory with `files` (relative path → text) and returns its path. Call it
 * inside a test: the directory is removed when that test finishes, passed or failed.
 */
export async function createTempRoot(files: Record<string, string>): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), 'course-scripts-'));
  onTestFinished(() => rm(root, { recursive: true, force: true, maxRetries: 2 }));
  for (const [relativePath, text] of Object.entries(files)) {
    const target = path.join(root, relativePath);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, text);
  }
  return root;
}
