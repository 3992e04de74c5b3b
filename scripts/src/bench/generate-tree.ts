import { mulberry32 } from '@agent-course/core';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { MAX_GREP_FILE_BYTES } from '@agent-course/workspace';
import type { BenchSize } from './bench-sizes';
import { runPool } from './run-pool';
import { createSourceLines, stitchLines } from './source-lines';

/** What was generated, for the table's notes and the ratios that need totals. */
export interface TreeSummary {
  /** Every file written, node_modules included. */
  files: number;
  /** Their total size in bytes. */
  bytes: number;
  /** Files outside node_modules: the ones the tools may look at. */
  visibleFiles: number;
  /** Their total size in bytes: what a full grep scan could read at most. */
  visibleBytes: number;
  /** Files ending in .ts outside node_modules: what glob "**\/*.ts" finds. */
  tsFiles: number;
  /** Files inside node_modules. */
  nodeModulesFiles: number;
  /** The deepest folder, counted in path segments below the root. */
  maxDepth: number;
}

/** One file to write: where, and how to make its bytes from its own seed. */
interface PlannedFile {
  /** Path below the tree root, '/' separated. */
  relativePath: string;
  /** Size in bytes, roughly (text is cut at a whole line). */
  bytes: number;
  /** Text stitched from the line pool, or bytes with NULs. */
  kind: 'text' | 'binary';
}

const SEED = 20_240_603;
const WRITE_CONCURRENCY = 32;
const EXTENSIONS = ['ts', 'ts', 'ts', 'tsx', 'js', 'json', 'md', 'css'];
const MAX_FOLDER_DEPTH = 16;
const FILES_PER_FOLDER = 20;
const FILES_PER_PACKAGE = 25;
/** Sizes spread over three orders of magnitude, like a real repository's files. */
const SIZE_SPREAD = 1000;

/**
 * Writes a deterministic repository-like tree below `root`: source-like text of uneven sizes in
 * deep folders, some binary files, a few logs just over grep's size limit, and a node_modules
 * folder. The same size always gives byte-for-byte the same tree.
 */
export async function generateTree({
  root,
  size,
}: {
  root: string;
  size: BenchSize;
}): Promise<TreeSummary> {
  const random = mulberry32(SEED);
  const folders = planFolders({ random, count: Math.ceil(size.sourceFiles / FILES_PER_FOLDER) });
  const pickFolder = () => folders[Math.floor(random() * folders.length)]!;
  const planned: PlannedFile[] = [];

  const sourceSizes = spreadSizes({ random, count: size.sourceFiles, total: size.sourceBytes });
  sourceSizes.forEach((bytes, index) => {
    const extension = EXTENSIONS[Math.floor(random() * EXTENSIONS.length)];
    planned.push({
      relativePath: `${pickFolder()}/file-${index}.${extension}`,
      bytes,
      kind: 'text',
    });
  });
  for (let index = 0; index < size.binaryFiles; index += 1) {
    const bytes = 4096 + Math.floor(random() * 24_576);
    planned.push({ relativePath: `${pickFolder()}/asset-${index}.png`, bytes, kind: 'binary' });
  }
  for (let index = 0; index < size.oversizedFiles; index += 1) {
    const bytes = MAX_GREP_FILE_BYTES + 1024 * 1024;
    planned.push({ relativePath: `logs/server-${index}.log`, bytes, kind: 'text' });
  }
  const visibleFiles = planned.length;
  const moduleSizes = spreadSizes({
    random,
    count: size.nodeModulesFiles,
    total: size.nodeModulesBytes,
  });
  moduleSizes.forEach((bytes, index) => {
    const packageName = `package-${Math.floor(index / FILES_PER_PACKAGE)}`;
    const folder = index % 2 === 0 ? 'lib' : 'lib/internal';
    planned.push({
      relativePath: `node_modules/${packageName}/${folder}/module-${index}.js`,
      bytes,
      kind: 'text',
    });
  });

  const lines = createSourceLines({ random, count: 5000 });
  const folderPaths = [...new Set(planned.map((file) => path.posix.dirname(file.relativePath)))];
  await runPool({
    count: folderPaths.length,
    concurrency: WRITE_CONCURRENCY,
    task: async (index) => {
      await mkdir(path.join(root, folderPaths[index]!), { recursive: true });
    },
  });
  const written = new Array<number>(planned.length).fill(0);
  await runPool({
    count: planned.length,
    concurrency: WRITE_CONCURRENCY,
    task: async (index) => {
      const file = planned[index]!;
      // Each file has its own seed, so its bytes do not depend on the order writes finish in.
      const fileRandom = mulberry32(SEED + index + 1);
      const content =
        file.kind === 'binary'
          ? binaryBytes({ random: fileRandom, bytes: file.bytes })
          : Buffer.from(stitchLines({ lines, random: fileRandom, bytes: file.bytes }));
      written[index] = content.length;
      await writeFile(path.join(root, file.relativePath), content);
    },
  });

  const visibleWritten = written.slice(0, visibleFiles);
  return {
    files: planned.length,
    bytes: sum(written),
    visibleFiles,
    visibleBytes: sum(visibleWritten),
    tsFiles: planned.slice(0, visibleFiles).filter((file) => file.relativePath.endsWith('.ts'))
      .length,
    nodeModulesFiles: size.nodeModulesFiles,
    maxDepth: Math.max(...folders.map((folder) => folder.split('/').length)),
  };
}

/**
 * Folder paths grown like a real project: each new folder goes inside an earlier one, usually a
 * recent one, so some branches run deep while others stay shallow.
 */
function planFolders({ random, count }: { random: () => number; count: number }): string[] {
  const folders = ['src', 'packages', 'apps', 'docs', 'test', '.config'];
  while (folders.length < count) {
    const parent = folders[Math.floor(folders.length * (1 - random() ** 3))]!;
    if (parent.split('/').length >= MAX_FOLDER_DEPTH) continue;
    folders.push(`${parent}/part-${folders.length}`);
  }
  return folders;
}

/** `count` sizes, spread log-uniformly over SIZE_SPREAD, scaled so they add up to about `total`. */
function spreadSizes({
  random,
  count,
  total,
}: {
  random: () => number;
  count: number;
  total: number;
}): number[] {
  const weights = Array.from({ length: count }, () => Math.exp(random() * Math.log(SIZE_SPREAD)));
  const scale = total / sum(weights);
  return weights.map((weight) => Math.max(1, Math.round(weight * scale)));
}

/** Bytes that look like an image: a PNG signature, then noise with many NULs. */
function binaryBytes({ random, bytes }: { random: () => number; bytes: number }): Buffer {
  const content = Buffer.alloc(bytes);
  content.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
  for (let index = 12; index < bytes; index += 1) {
    content[index] = random() < 0.3 ? 0 : Math.floor(random() * 256);
  }
  return content;
}

function sum(numbers: number[]): number {
  return numbers.reduce((total, number) => total + number, 0);
}
