import fastGlob from 'fast-glob';
import { IGNORED_PATHS } from './starter-rules';

/**
 * Files of a package directory, relative, with forward slashes, sorted so output is stable.
 * A directory that does not exist has no files.
 */
export async function listPackageFiles(directory: string): Promise<string[]> {
  const files = await fastGlob('**/*', {
    cwd: directory,
    dot: true,
    onlyFiles: true,
    followSymbolicLinks: false,
    ignore: IGNORED_PATHS,
  });
  return files.sort();
}
