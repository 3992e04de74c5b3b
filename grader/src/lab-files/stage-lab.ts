import { existsSync, lstatSync } from 'node:fs';
import { cp, lstat, mkdir, readdir, readlink, realpath, stat, symlink } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { KIT_ROOT } from '../beside-lab/kit-paths';
import { MAX_LAB_FILE_BYTES } from '../beside-lab/limits';
import { tooLarge } from './read-lab-file';
import { createTempFolder, removeTempFolder } from '../process-control/temp-folders';
import { handToStudentCode } from '../process-control/unprivileged-user';

/** Files a folder needs to count as a lab. */
const LAB_MARKERS = ['package.json', join('src', 'index.ts')];
/** Never copied when staging: the kit's own modules are linked in instead. */
const NOT_COPIED = new Set(['node_modules', '.git', '.turbo']);
/**
 * The lab's files the compile reads on its own, beside the sources it is given (esbuild, as
 * whoever grades): each folder's package.json, and Yarn's manifests in the folder it starts in.
 */
const READ_BY_COMPILE = {
  anywhere: ['package.json'],
  atTop: ['.pnp.cjs', '.pnp.js', '.pnp.data.json'],
};

/** A lab ready to grade, and how to tidy up afterwards. */
export interface StagedLab {
  /** A directory whose `src/index.ts` imports resolve. */
  directory: string;
  /** Removes the staged copy, if one was made. */
  cleanup(): Promise<void>;
}

/**
 * Makes a lab gradable. A lab with its own working node_modules is used where it is. A bare folder
 * (a student's files, a submission) is copied into a temporary kit-shaped tree, `labs/<day>`, whose
 * node_modules and tsconfig.base.json link back to this kit, so its imports resolve the same way;
 * so is a copy of an installed lab whose node_modules leads nowhere (see leadsAnywhere).
 */
export async function stageLab(options: {
  labDir: string;
  /** The lab as the report names it, never an absolute path of this machine. */
  label: string;
  dayId: string;
  kitLabDir: string;
  kitSolutionDir: string;
  /**
   * `labDir` holds the lab's src files alone (a submission of the edited files): they are put
   * over the src of a copy of the kit's starter, which gives the lab everything else.
   */
  filesOnly?: true;
}): Promise<
  | { ok: true; value: StagedLab }
  /** notLab: the folder is not a lab at all, rather than a lab that cannot be graded. */
  | { ok: false; error: string; notLab?: boolean }
> {
  const source = resolve(options.labDir);
  if (!existsSync(source)) {
    return {
      ok: false,
      error: `${options.label} does not exist; pass the folder of a lab, e.g. --lab ${options.kitLabDir}.`,
      notLab: true,
    };
  }
  const missing = options.filesOnly ? [] : await findMissingMarkers(source);
  if (missing.length > 0) {
    return {
      ok: false,
      error: `${options.label} is not a lab: it has no ${missing.join(' or ')}. Point --lab at a folder laid out like ${options.kitLabDir} (package.json, src/index.ts, src/main.ts).`,
      notLab: true,
    };
  }
  const unsafe = await findUnsafeEntry(source);
  if (unsafe) return { ok: false, error: `${options.label} cannot be graded: its ${unsafe}.` };
  if (!options.filesOnly && (await leadsAnywhere(join(source, 'node_modules')))) {
    return { ok: true, value: { directory: await realpath(source), cleanup: async () => {} } };
  }

  const kitRoot = await createTempFolder('agent-course-lab-');
  const directory = join(await realpath(kitRoot), 'labs', options.dayId);
  await mkdir(directory, { recursive: true });
  const copy = (from: string, to: string) =>
    cp(from, to, {
      recursive: true,
      filter: (path) => !NOT_COPIED.has(basename(path)) && isCopyable(path),
    });
  if (options.filesOnly) {
    await copy(join(KIT_ROOT, options.kitLabDir), directory);
    await copy(source, join(directory, 'src'));
  } else await copy(source, directory);
  await symlink(await kitModules(options), join(directory, 'node_modules'), 'dir');
  await symlink(join(KIT_ROOT, 'tsconfig.base.json'), join(kitRoot, 'tsconfig.base.json'));
  // The copy is the student's own code: the user it runs as may read it, whatever its modes were.
  await handToStudentCode(kitRoot);
  return {
    ok: true,
    value: {
      directory,
      cleanup: () => removeTempFolder(kitRoot),
    },
  };
}

/** The kit's installed modules for this day: the starter's, or the solution's before the starter exists. */
async function kitModules(options: { kitLabDir: string; kitSolutionDir: string }): Promise<string> {
  const starter = join(KIT_ROOT, options.kitLabDir, 'node_modules');
  return existsSync(starter) ? starter : join(KIT_ROOT, options.kitSolutionDir, 'node_modules');
}

/**
 * Files, folders and links are copied; a pipe, socket or device in a submission is left out (it
 * cannot be copied, and reading a pipe would wait forever), so the lab says it cannot find it.
 */
function isCopyable(path: string): boolean {
  const found = lstatSync(path, { throwIfNoEntry: false });
  return !found || found.isFile() || found.isDirectory() || found.isSymbolicLink();
}

/**
 * Whether a node_modules folder holds at least one package that is there. pnpm installs a lab's
 * packages as links relative to the kit (`../../../node_modules/.pnpm/...`); a lab copied elsewhere
 * with its node_modules (`cp -r`, an archive of a submission) keeps the links, which then lead
 * nowhere, and every import in it would fail as though the lab did not compile.
 */
async function leadsAnywhere(modules: string): Promise<boolean> {
  const names = await readdir(modules).catch(() => []);
  for (const name of names.filter((candidate) => !candidate.startsWith('.'))) {
    const scoped = name.startsWith('@')
      ? (await readdir(join(modules, name)).catch(() => [])).map((inner) => join(name, inner))
      : [name];
    if (scoped.some((entry) => existsSync(join(modules, entry)))) return true;
  }
  return false;
}

/**
 * What in a lab would have the grader read more than the lab's own files, or undefined. The grader
 * compiles as whoever grades, often root, and the compile reads files of the lab's on its own
 * (READ_BY_COMPILE) and whatever a link leads to, then files beside that (the package.json of the
 * folder a link leads into): a link out of the lab, or such a file that is a link or no regular
 * file (`/dev/zero`, which never ends), could have it read a file only root may read into the
 * report, or never finish. Folders never copied (node_modules) are not looked in; a link is not
 * followed.
 */
async function findUnsafeEntry(source: string): Promise<string | undefined> {
  const realSource = await realpath(source);
  const leadsInside = async (path: string) => {
    // Where a link leads, or where it would once its target is made.
    const target = await realpath(path).catch(async () =>
      resolve(dirname(path), await readlink(path)),
    );
    const inside = relative(realSource, target);
    return !inside.startsWith('..') && !isAbsolute(inside);
  };
  const readByCompile = (file: string) =>
    READ_BY_COMPILE.anywhere.includes(basename(file)) || READ_BY_COMPILE.atTop.includes(file);
  const look = async (folder: string): Promise<string | undefined> => {
    const entries = await readdir(join(source, folder), { withFileTypes: true }).catch(() => []);
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      if (NOT_COPIED.has(entry.name)) continue;
      const file = folder ? `${folder}/${entry.name}` : entry.name;
      const path = join(source, file);
      if (readByCompile(file)) {
        if (!entry.isFile()) {
          return `${file} is a link or not a regular file: replace it with the file itself`;
        }
        if ((await lstat(path)).size > MAX_LAB_FILE_BYTES) {
          return tooLarge({ file, maxBytes: MAX_LAB_FILE_BYTES });
        }
      }
      if (entry.isSymbolicLink() && !(await leadsInside(path))) {
        return `${file} is a link that leads out of the lab: replace it with the file or folder itself`;
      }
      if (entry.isDirectory()) {
        const found = await look(file);
        if (found) return found;
      }
    }
    return undefined;
  };
  return look('');
}

async function findMissingMarkers(directory: string): Promise<string[]> {
  try {
    if (!(await stat(directory)).isDirectory()) return LAB_MARKERS;
  } catch {
    return LAB_MARKERS;
  }
  return LAB_MARKERS.filter((marker) => !existsSync(join(directory, marker)));
}
