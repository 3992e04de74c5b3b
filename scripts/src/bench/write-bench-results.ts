import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Writes one run's figures to bench-results/<start time>.json under `repoRoot` (the folder is
 * git-ignored) so runs on different days or machines can be compared; returns the file's path.
 */
export async function writeBenchResults({
  repoRoot,
  startedAt,
  results,
}: {
  repoRoot: string;
  startedAt: Date;
  results: object;
}): Promise<string> {
  const folder = path.join(repoRoot, 'bench-results');
  await mkdir(folder, { recursive: true });
  const filePath = path.join(folder, `${startedAt.toISOString().replaceAll(':', '-')}.json`);
  await writeFile(filePath, `${JSON.stringify(results, null, 2)}\n`);
  return filePath;
}
