import path from 'node:path';

export type WorkspacePath =
  { ok: true; absolutePath: string; relativePath: string } | { ok: false; error: string };

// Broken on purpose (path-boundary): scans the text for "..", so absolute paths, a sibling sharing
// the root's prefix and symbolic links all get through.
export async function resolveInsideWorkspace({
  cwd,
  path: requested,
}: {
  cwd: string;
  path: string;
}): Promise<WorkspacePath> {
  if (requested.includes('..'))
    return { ok: false, error: `${requested} is outside the working directory` };
  const absolutePath = path.resolve(cwd, requested);
  const relativePath = path.relative(cwd, absolutePath).split(path.sep).join('/') || '.';
  return { ok: true, absolutePath, relativePath };
}
