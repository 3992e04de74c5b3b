import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import { dirname } from 'node:path';

/**
 * Whether a file can be written at `path`, asked before any grading starts so that a batch of a
 * hundred submissions never ends on "cannot write the CSV". `shown` is the path as typed, for the message.
 */
export async function checkOutputPath({
  path,
  shown,
  option,
}: {
  path: string;
  shown: string;
  option: string;
}): Promise<{ ok: true } | { ok: false; error: string }> {
  const folder = dirname(path);
  const folderStat = await stat(folder).catch(() => undefined);
  if (!folderStat?.isDirectory()) {
    return {
      ok: false,
      error: `${option} ${shown}: the folder ${dirname(shown)} does not exist; create it or write the file elsewhere.`,
    };
  }
  const target = await stat(path).catch(() => undefined);
  if (target?.isDirectory()) {
    return { ok: false, error: `${option} ${shown} is a folder; name a file, e.g. grades.csv.` };
  }
  try {
    await access(target ? path : folder, constants.W_OK);
  } catch {
    return {
      ok: false,
      error: `${option} ${shown}: not allowed to write there; pick a path you can write to.`,
    };
  }
  return { ok: true };
}
