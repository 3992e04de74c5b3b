import { execa } from 'execa';

/**
 * Which of `files` (relative to `root`) hold work git has not kept: changed since the last commit,
 * or never committed. Files that are missing are not listed (nothing of them can be lost). Empty
 * when `root` is not a git checkout or git cannot run, since then there is nothing to compare with.
 */
export async function findUncommittedFiles(options: {
  root: string;
  files: string[];
}): Promise<string[]> {
  if (options.files.length === 0) return [];
  const status = await execa(
    'git',
    ['status', '--porcelain=v1', '-z', '--untracked-files=all', '--', ...options.files],
    { cwd: options.root, reject: false },
  );
  if (status.exitCode !== 0) return [];
  const uncommitted: string[] = [];
  // Entries are "XY path\0"; a rename adds its old path as one more \0-ended field.
  const fields = status.stdout.split('\0');
  for (let index = 0; index < fields.length; index += 1) {
    const entry = fields[index] ?? '';
    if (entry.length < 4) continue;
    const [code, path] = [entry.slice(0, 2), entry.slice(3)];
    if (code.startsWith('R') || code.startsWith('C')) index += 1;
    // Deleted in the working tree: regenerating it brings back the committed kind of file.
    if (code[1] === 'D') continue;
    uncommitted.push(path);
  }
  return uncommitted.sort();
}
