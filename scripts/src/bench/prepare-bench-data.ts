import { mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { BenchSize } from './bench-sizes';
import { generateLargeFile } from './generate-large-file';
import { generateTree } from './generate-tree';
import type { TreeSummary } from './generate-tree';

/** Where the generated data is and what it holds. */
export interface BenchData {
  /** The repository-like tree glob and grep search. */
  treeRoot: string;
  /** What the tree holds. */
  tree: TreeSummary;
  /** The folder read_file works in, holding the large and the small file. */
  filesRoot: string;
  /** The large file's name inside filesRoot. */
  largeFile: string;
  /** Its size in bytes. */
  largeBytes: number;
  /** The small file's name inside filesRoot. */
  smallFile: string;
  /** Its size in bytes. */
  smallBytes: number;
}

/** The small file read_file's cost on the large one is compared with. */
const SMALL_FILE_BYTES = 4096;
/** Written last, so a folder holding it was generated completely. */
const MANIFEST = 'bench-data.json';

/**
 * Generates the bench's data in `directory`, or reuses it when a complete earlier run of the same
 * size left it there (`--data DIR`): generation is deterministic, so the bytes would be the same.
 * A folder that holds anything else is refused, never emptied.
 */
export async function prepareBenchData({
  directory,
  size,
  log,
}: {
  directory: string;
  size: BenchSize;
  log: (line: string) => void;
}): Promise<{ ok: true; value: BenchData } | { ok: false; error: string }> {
  const manifestPath = path.join(directory, MANIFEST);
  const existing = await readManifest(manifestPath);
  if (existing?.size === size.name) {
    log(`reusing the ${size.name} data in ${directory}`);
    return { ok: true, value: existing.data };
  }
  if (!existing && (await readdir(directory)).length > 0) {
    return {
      ok: false,
      error: `${directory} is not empty and holds no bench data; give --data a new or empty folder`,
    };
  }
  await rm(manifestPath, { force: true });
  const treeRoot = path.join(directory, 'tree');
  const filesRoot = path.join(directory, 'files');
  await rm(treeRoot, { recursive: true, force: true });
  await rm(filesRoot, { recursive: true, force: true });
  await mkdir(filesRoot, { recursive: true });

  let started = performance.now();
  const tree = await generateTree({ root: treeRoot, size });
  log(
    `generated ${tree.files.toLocaleString('en-US')} files, ${megabytes(tree.bytes)} in ${seconds(started)}`,
  );
  started = performance.now();
  const largeBytes = await generateLargeFile({
    filePath: path.join(filesRoot, 'large.log'),
    bytes: size.largeFileBytes,
  });
  const smallBytes = await generateLargeFile({
    filePath: path.join(filesRoot, 'small.log'),
    bytes: SMALL_FILE_BYTES,
  });
  log(`generated a ${megabytes(largeBytes)} file in ${seconds(started)}`);

  const data: BenchData = {
    treeRoot,
    tree,
    filesRoot,
    largeFile: 'large.log',
    largeBytes,
    smallFile: 'small.log',
    smallBytes,
  };
  await writeFile(manifestPath, JSON.stringify({ size: size.name, data }, null, 2));
  return { ok: true, value: data };
}

async function readManifest(
  manifestPath: string,
): Promise<{ size: string; data: BenchData } | undefined> {
  try {
    return JSON.parse(await readFile(manifestPath, 'utf8')) as { size: string; data: BenchData };
  } catch {
    return undefined;
  }
}

function megabytes(bytes: number): string {
  return `${Math.round(bytes / (1024 * 1024)).toLocaleString('en-US')} MB`;
}

function seconds(started: number): string {
  return `${((performance.now() - started) / 1000).toFixed(1)} s`;
}
