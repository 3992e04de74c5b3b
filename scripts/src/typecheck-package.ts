import { execa } from 'execa';

export type TypecheckResult = { ok: true } | { ok: false; error: string };

/** Typechecks one package directory. */
export type TypecheckPackage = (options: {
  root: string;
  directory: string;
}) => Promise<TypecheckResult>;

const OUTPUT_TAIL_CHARS = 1200;

/** `tsc -p <directory>` with the workspace's own TypeScript, run from the repository root. */
export const typecheckPackage: TypecheckPackage = async ({ root, directory }) => {
  const result = await execa('tsc', ['-p', directory], {
    cwd: root,
    preferLocal: true,
    localDir: root,
    reject: false,
    all: true,
  });
  if (result.exitCode === 0) return { ok: true };
  const output = (result.all ?? '').trim() || `tsc exited with ${result.exitCode ?? 'a signal'}`;
  return { ok: false, error: output.slice(-OUTPUT_TAIL_CHARS) };
};
