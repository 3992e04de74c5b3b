import { execa } from 'execa';

/**
 * Fits the kit's pnpm-lock.yaml, copied into a template, to the template's smaller workspace: the
 * kit's lockfile lists every package of the kit, so a student's plain `pnpm install` would drop
 * the ones the template lacks and leave a changed lockfile in their first commit. pnpm prunes it
 * from what the lockfile already resolves, but it reads the packages' metadata to do so: from its
 * cache when it holds them, and from the registry on a machine whose install wrote none (a
 * frozen-lockfile install, as on a fresh clone, writes none).
 */
export async function fitTemplateLockfile(
  folder: string,
): Promise<{ ok: true } | { ok: false; error: string }> {
  const pruned = await execa(
    'pnpm',
    ['install', '--lockfile-only', '--prefer-offline', '--ignore-scripts', '--reporter=silent'],
    { cwd: folder, reject: false, all: true, env: { CI: '' } },
  );
  if (pruned.exitCode === 0) return { ok: true };
  const last = pruned.all?.trim().split('\n').at(-1) ?? '';
  return {
    ok: false,
    error: `pnpm could not fit the lockfile to the template (${last || `exit code ${pruned.exitCode}`}); run \`pnpm install\` in the kit, then build the template again where the npm registry can be reached`,
  };
}
