import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastGlob from 'fast-glob';

/** One package of the workspace. */
export interface WorkspacePackage {
  /** Its name, e.g. `@agent-course/core`. */
  name: string;
  /** Its folder relative to the repository root, e.g. `packages/core`. */
  folder: string;
  /** The workspace packages it depends on, by name (`workspace:` specifiers, any dependency kind). */
  workspaceDependencies: string[];
}

/** Where the workspace's package.json files are (pnpm-workspace.yaml's folders). */
export const WORKSPACE_MANIFESTS = [
  'packages/*/package.json',
  'labs/*/package.json',
  'solutions/*/package.json',
  'grader/package.json',
  'scripts/package.json',
];

/** Every package of the workspace that has a package.json, read from disk. */
export async function listWorkspacePackages(root: string): Promise<WorkspacePackage[]> {
  const manifests = await fastGlob(WORKSPACE_MANIFESTS, { cwd: root });
  const packages: WorkspacePackage[] = [];
  for (const manifest of manifests.sort()) {
    const json = JSON.parse(await readFile(path.join(root, manifest), 'utf8')) as {
      name: string;
      dependencies?: Record<string, string>;
      devDependencies?: Record<string, string>;
    };
    const specifiers = { ...json.dependencies, ...json.devDependencies };
    packages.push({
      name: json.name,
      folder: path.posix.dirname(manifest),
      workspaceDependencies: Object.entries(specifiers)
        .filter(([, specifier]) => specifier.startsWith('workspace:'))
        .map(([name]) => name),
    });
  }
  return packages;
}

/** The folders of `start` and every workspace package they need, directly or not. */
export function withWorkspaceDependencies({
  packages,
  start,
}: {
  packages: WorkspacePackage[];
  start: string[];
}): string[] {
  const byName = new Map(packages.map((entry) => [entry.name, entry]));
  const byFolder = new Map(packages.map((entry) => [entry.folder, entry]));
  const needed = new Set<string>();
  const visit = (entry: WorkspacePackage | undefined) => {
    if (!entry || needed.has(entry.folder)) return;
    needed.add(entry.folder);
    for (const name of entry.workspaceDependencies) visit(byName.get(name));
  };
  for (const folder of start) visit(byFolder.get(folder));
  return [...needed].sort();
}
