import path from 'node:path';

/**
 * True when `candidate` is `folder` or lies below it; both are absolute. The separator is part of
 * the test: without it, a sibling "/work/app-other" passes as inside "/work/app".
 */
export function isInsideFolder({
  folder,
  candidate,
}: {
  folder: string;
  candidate: string;
}): boolean {
  const withSeparator = folder.endsWith(path.sep) ? folder : folder + path.sep;
  return candidate === folder || candidate.startsWith(withSeparator);
}
