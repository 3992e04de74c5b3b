import { lstat, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';

/** How many folders down a lab is looked for: a zip's one top folder, then a repository in it. */
const MAX_WRAPPING_FOLDERS = 2;
/** Entries a zip or a file manager adds beside what was submitted. */
const IGNORED_ENTRIES = new Set(['__MACOSX', '.DS_Store', 'Thumbs.db']);
/** How many of a folder's entries a refusal names. */
const MAX_NAMED_ENTRIES = 6;

/** Where the lab is in a submission, and how it was submitted. */
export type SubmittedLab =
  | {
      ok: true;
      /** `lab`: a folder laid out like the lab; `files`: the lab's src files alone. */
      kind: 'lab' | 'files';
      /** The lab folder, or for `files` the folder that holds them. */
      directory: string;
      /** The path below the submission it was found at ('' when it is the submission). */
      within: string;
    }
  | { ok: false; error: string };

/**
 * Finds the lab in what a student submitted, in each form both autograders and a batch meet: the
 * lab folder (package.json and src/index.ts), a whole student repository (labs/<day> inside), the
 * lab's src files alone (index.ts at the top), or any of these inside one wrapping folder, as a
 * zip of a folder unpacks. Found, never guessed: a folder that is none of them is refused, saying
 * what it holds and what was expected.
 */
export async function findSubmittedLab({
  folder,
  label,
  dayId,
}: {
  folder: string;
  /** The submission as the report names it. */
  label: string;
  dayId: string;
}): Promise<SubmittedLab> {
  let directory = folder;
  let within = '';
  for (let depth = 0; ; depth += 1) {
    const entries = await listEntries(directory);
    if (entries === undefined) {
      return {
        ok: false,
        error: `${label} does not exist or is not a folder; name the folder of a lab, e.g. labs/${dayId}.`,
      };
    }
    const has = (name: string) => entries.some((entry) => entry.name === name);
    if (has('package.json') && (await isFile(join(directory, 'src', 'index.ts')))) {
      return { ok: true, kind: 'lab', directory, within };
    }
    const repositoryLab = join(directory, 'labs', dayId);
    if (
      (await isRealFolder(join(directory, 'labs'))) &&
      (await isRealFolder(repositoryLab)) &&
      (await isFile(join(repositoryLab, 'src', 'index.ts')))
    ) {
      return {
        ok: true,
        kind: 'lab',
        directory: repositoryLab,
        within: join(within, 'labs', dayId),
      };
    }
    if (entries.some((entry) => entry.name === 'index.ts' && entry.isFile())) {
      return { ok: true, kind: 'files', directory, within };
    }
    const [only, ...others] = entries;
    if (only?.isDirectory() && others.length === 0 && depth < MAX_WRAPPING_FOLDERS) {
      directory = join(directory, only.name);
      within = join(within, only.name);
      continue;
    }
    const where = within ? `${label}/${within}` : label;
    const shown = entries
      .slice(0, MAX_NAMED_ENTRIES)
      .map((entry) => entry.name + (entry.isDirectory() ? '/' : ''));
    const more =
      entries.length > MAX_NAMED_ENTRIES ? `, and ${entries.length - MAX_NAMED_ENTRIES} more` : '';
    return {
      ok: false,
      error:
        `${where} is not a lab: it holds ${shown.length > 0 ? `${shown.join(', ')}${more}` : 'nothing'}. ` +
        `Expected a student repository (labs/${dayId}/src/index.ts), the lab folder (package.json and src/index.ts) ` +
        "or the lab's src files (index.ts at the top), or one folder holding one of them.",
    };
  }
}

/** A folder's entries that were submitted (none a zip or file manager added), or undefined. */
async function listEntries(directory: string) {
  const entries = await readdir(directory, { withFileTypes: true }).catch(() => undefined);
  return entries
    ?.filter((entry) => !IGNORED_ENTRIES.has(entry.name) && entry.name !== '.git')
    .sort((left, right) => left.name.localeCompare(right.name));
}

/** Whether `path` is a file (a link to one counts: staging refuses one that leads out of the lab). */
async function isFile(path: string): Promise<boolean> {
  return (await stat(path).catch(() => undefined))?.isFile() === true;
}

/**
 * Whether `path` is a folder itself, not a link to one: a submission's `labs` that led to another
 * submission's would have that work graded as this one's.
 */
async function isRealFolder(path: string): Promise<boolean> {
  return (await lstat(path).catch(() => undefined))?.isDirectory() === true;
}
