// @ts-check
// Plain JavaScript, not TypeScript: this is what turns the grader's TypeScript into JavaScript, so
// it has to run before anything can load a .ts file. Its types are in compile-grader.d.mts.
import { constants, existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import {
  access,
  chmod,
  mkdir,
  mkdtemp,
  readdir,
  rename,
  rm,
  stat,
  utimes,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute, join, relative, sep } from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import {
  agentCoursePlugin,
  SHARED_IMPORT_ENTRY,
  SHARED_IMPORTS,
  SHARED_IMPORTS_DIR,
} from './agent-course-plugin.mjs';
import { zodLocalesPlugin } from './zod-locales-plugin.mjs';

/**
 * Bumped when the way the grader is compiled changes, so builds made the old way are not reused.
 * (This file is one of the build's inputs too, but a change elsewhere in how it builds might not be.)
 */
const BUILD_FORMAT = 1;
/**
 * Builds not used for this long are removed when a new one is made: a grade still running on one
 * has long ended (a `--watch` marks its build as used at every grade).
 */
const OLD_BUILD_AGE_MS = 60 * 60 * 1000;
/** pnpm rewrites this file on every install, so a build never outlives the packages it points at. */
const INSTALL_MARKER = join('node_modules', '.modules.yaml');
/**
 * The subpaths of a package's exports the grader never loads: test helpers (they import vitest), and
 * the load-error reporter `pnpm start` preloads.
 */
const SKIPPED_EXPORTS = new Set(['./testing', './report-load-errors']);
/** A package whose node_modules hold the shared imports' packages (see SHARED_IMPORTS). */
const SHARED_IMPORTS_FROM = join('packages', 'core');
/**
 * Lets the CommonJS packages compiled in (fast-glob and its kind) `require` Node's own modules,
 * which esbuild's ES module output cannot do by itself.
 */
const REQUIRE_BANNER =
  "import { createRequire as __agentCourseCreateRequire } from 'node:module';\n" +
  'const require = __agentCourseCreateRequire(import.meta.url);';

/** The kit this grader belongs to. */
export const KIT_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * The grader, compiled: every module it can load (its command line, the check process, each day's
 * checks, the days' manifests, and every export of the kit's packages) turned from TypeScript into
 * plain JavaScript by esbuild, so a grade starts Node without a TypeScript loader. The build is kept
 * in node_modules/.cache and reused while none of its inputs has changed (same size and time), which
 * a few hundred `stat` calls tell; when one has, or a day was added, it is built again.
 *
 * @param {{ kitRoot?: string }} [options]
 * @returns {Promise<import('./compile-grader.d.mts').CompiledGraderResult>}
 */
export async function compileGrader(options = {}) {
  const kitRoot = options.kitRoot ?? KIT_ROOT;
  const cache = await findCacheDir(kitRoot);
  const entries = findGraderEntries(kitRoot);
  const recordFile = cache.trusted ? join(cache.dir, 'current.json') : undefined;
  const fresh = recordFile && readFreshBuild({ recordFile, cacheDir: cache.dir, kitRoot, entries });
  if (fresh) {
    await markUsed(fresh);
    return { ok: true, value: { kitRoot, outDir: fresh } };
  }
  // A word on a terminal, since this grade takes a few seconds longer; never in a pipe's output.
  if (process.stderr.isTTY) {
    process.stderr.write('Compiling the grader (its first grade here, or its files changed)...\n');
  }
  return build({ kitRoot, cacheDir: cache.dir, entries, recordFile });
}

/**
 * Every module the grader may load by a path it computes at run time, which a bundler cannot see:
 * the command line and the check process, each day's two lists of its checks (the judging parts,
 * and the driving parts with the lab's loader), every day's manifest, and each package export (a
 * lab's compiled code imports the kit's from here).
 *
 * @param {string} kitRoot
 * @returns {string[]} paths relative to the kit, sorted
 */
export function findGraderEntries(kitRoot) {
  const entries = [
    'grader/src/main.ts',
    'grader/src/beside-lab/drive-lab.ts',
    'grader/src/beside-lab/launch-lab-program.ts',
  ];
  for (const day of listFolder(join(kitRoot, 'grader/src/days'))) {
    // Only the days this kit has: a template or bundle of one day carries no other day's lab, and
    // a check of another day may import that lab's files (day 3's judges its tools' answers).
    if (!existsSync(join(kitRoot, 'labs', day, 'day.ts'))) continue;
    for (const side of ['judging', 'beside-lab']) {
      const list = `grader/src/days/${day}/${side}/index.ts`;
      // A day without its list is reported by the grader (see day.ts), not a build that fails.
      if (existsSync(join(kitRoot, list))) entries.push(list);
    }
  }
  for (const day of listFolder(join(kitRoot, 'labs'))) {
    if (existsSync(join(kitRoot, 'labs', day, 'day.ts'))) entries.push(`labs/${day}/day.ts`);
  }
  for (const name of listFolder(join(kitRoot, 'packages'))) {
    const manifest = join(kitRoot, 'packages', name, 'package.json');
    if (!existsSync(manifest)) continue;
    /** @type {{ exports?: Record<string, string> }} */
    const packageJson = JSON.parse(readFileSync(manifest, 'utf8'));
    for (const [subpath, target] of Object.entries(packageJson.exports ?? {})) {
      if (SKIPPED_EXPORTS.has(subpath) || typeof target !== 'string') continue;
      entries.push(`packages/${name}/${target.replace(/^\.\//, '')}`);
    }
  }
  return entries.sort();
}

/** @param {string} folder */
function listFolder(folder) {
  try {
    return readdirSync(folder).sort();
  } catch {
    return [];
  }
}

/**
 * The build the record names, when it was made from this kit and these entries, lives in the
 * cache, and no input changed since. A copy of the kit (same files, same times) has a record that
 * names another kit: it builds its own.
 *
 * @param {{ recordFile: string, cacheDir: string, kitRoot: string, entries: string[] }} options
 * @returns {string | undefined} its folder
 */
function readFreshBuild({ recordFile, cacheDir, kitRoot, entries }) {
  /** @type {BuildRecord} */
  let record;
  try {
    record = JSON.parse(readFileSync(recordFile, 'utf8'));
  } catch {
    return undefined;
  }
  if (
    record.format !== BUILD_FORMAT ||
    record.kitRoot !== kitRoot ||
    dirname(record.outDir) !== cacheDir ||
    record.entries.join('\n') !== entries.join('\n')
  ) {
    return undefined;
  }
  for (const [file, [size, modified]] of Object.entries(record.inputs)) {
    const now = statSync(join(kitRoot, file), { throwIfNoEntry: false });
    if (!now || now.size !== size || now.mtimeMs !== modified) return undefined;
  }
  return existsSync(record.outDir) ? record.outDir : undefined;
}

/**
 * @typedef {{
 *   format: number,
 *   kitRoot: string,
 *   outDir: string,
 *   entries: string[],
 *   inputs: Record<string, [size: number, modified: number]>,
 * }} BuildRecord
 */

/**
 * Builds into a new folder of its own and then points the record at it, so a grade running on the
 * previous build (or a second grade building at the same moment) never sees a half-written one.
 *
 * @param {{ kitRoot: string, cacheDir: string, entries: string[], recordFile: string | undefined }} options
 * @returns {Promise<import('./compile-grader.d.mts').CompiledGraderResult>}
 */
async function build({ kitRoot, cacheDir, entries, recordFile }) {
  const esbuild = await import('esbuild');
  const outDir = join(cacheDir, `build-${Date.now()}-${randomBytes(4).toString('hex')}`);
  const inputs = /** @type {BuildRecord['inputs']} */ ({});
  const started = Date.now();
  let result;
  try {
    result = await esbuild.build({
      absWorkingDir: kitRoot,
      entryPoints: [
        ...entries,
        ...SHARED_IMPORTS.map((specifier) => ({
          in: `${SHARED_IMPORT_ENTRY}${specifier}`,
          out: `${SHARED_IMPORTS_DIR}/${specifier}`,
        })),
      ],
      outdir: outDir,
      outbase: kitRoot,
      entryNames: '[dir]/[name]',
      chunkNames: 'chunks/[name]-[hash]',
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      metafile: true,
      banner: { js: REQUIRE_BANNER },
      logLevel: 'silent',
      define: { AGENT_COURSE_BUILD: JSON.stringify({ kitRoot, outDir }) },
      plugins: [
        agentCoursePlugin({ kind: 'kit', packagesFrom: join(kitRoot, SHARED_IMPORTS_FROM) }),
        zodLocalesPlugin(),
      ],
    });
  } catch (error) {
    await rm(outDir, { recursive: true, force: true });
    return { ok: false, error: describeBuildFailure({ error, kitRoot }) };
  }
  await markAsModules(outDir);
  await protectJudgingOutputs({ kitRoot, outputs: result.metafile.outputs });
  // npm packages change only with an install, which the install marker stands for: a few hundred
  // fewer files to look at before every grade.
  const kitFiles = Object.keys(result.metafile.inputs).filter(
    (file) => !file.startsWith('node_modules/') && !file.includes('/node_modules/'),
  );
  for (const file of [...kitFiles, INSTALL_MARKER, ...ownFiles(kitRoot)]) {
    const found = await stat(join(kitRoot, file)).catch(() => undefined);
    // A file saved while the build ran may have been read before the save: recorded as changed.
    if (found) inputs[file] = found.mtimeMs < started ? [found.size, found.mtimeMs] : [-1, -1];
  }
  // An untrusted cache folder (see findCacheDir) keeps no record: the next grade builds again.
  if (!recordFile) return { ok: true, value: { kitRoot, outDir } };
  /** @type {BuildRecord} */
  const record = { format: BUILD_FORMAT, kitRoot, outDir, entries, inputs };
  const temporary = `${recordFile}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(temporary, JSON.stringify(record));
  await rename(temporary, recordFile);
  await removeOldBuilds({ cacheDir, keep: outDir });
  return { ok: true, value: { kitRoot, outDir } };
}

/**
 * The grader's entries that student code's processes load: the check process and each day's list
 * of driving parts, and the launcher of the lab's real run. The kit's packages, the day manifests and
 * the shared npm modules are loaded by a lab's own code too. Everything else of the grader's (its
 * command line, each check's judging part, and what only they import) judges.
 */
const STUDENT_SIDE_ENTRY =
  /^grader\/src\/(beside-lab\/|days\/[^/]+\/beside-lab\/|launch-lab-program\.ts$)/;

/**
 * Makes the build's judging code readable by its owner alone: every output file that no entry of
 * student code's side loads (STUDENT_SIDE_ENTRY, and every entry outside grader/src). Student code
 * runs as another user when the grader runs as root, and what it cannot read it cannot call to
 * work out what a check expects.
 *
 * @param {{ kitRoot: string, outputs: import('esbuild').Metafile['outputs'] }} options
 */
async function protectJudgingOutputs({ kitRoot, outputs }) {
  const readable = new Set();
  const reach = (/** @type {string} */ output) => {
    if (readable.has(output) || !outputs[output]) return;
    readable.add(output);
    for (const imported of outputs[output].imports) reach(imported.path);
  };
  for (const [output, { entryPoint }] of Object.entries(outputs)) {
    if (
      entryPoint &&
      (!entryPoint.startsWith('grader/src/') || STUDENT_SIDE_ENTRY.test(entryPoint))
    ) {
      reach(output);
    }
  }
  for (const output of Object.keys(outputs)) {
    if (!readable.has(output)) await chmod(join(kitRoot, output), 0o600);
  }
}

/**
 * Marks a build as in use, so a rebuild by another grade does not remove it as old (see
 * OLD_BUILD_AGE_MS) while a grade or a --watch still runs on it.
 *
 * @param {string} outDir
 */
export async function markUsed(outDir) {
  const now = new Date();
  await utimes(outDir, now, now).catch(() => {});
}

/**
 * Says that the build's .js files are ES modules. Without it Node, finding no package.json above
 * them (node_modules/.cache is where its search stops), parses each file twice to tell.
 *
 * @param {string} outDir
 */
export async function markAsModules(outDir) {
  await mkdir(outDir, { recursive: true });
  await writeFile(join(outDir, 'package.json'), '{ "type": "module" }\n');
}

/**
 * This file and the plugin: how the build is made is an input of it too.
 *
 * @param {string} kitRoot
 */
function ownFiles(kitRoot) {
  return ['./compile-grader.mjs', './agent-course-plugin.mjs', './zod-locales-plugin.mjs'].map(
    (file) =>
      relative(kitRoot, fileURLToPath(new URL(file, import.meta.url)))
        .split(sep)
        .join('/'),
  );
}

/** @param {{ cacheDir: string, keep: string }} options */
async function removeOldBuilds({ cacheDir, keep }) {
  for (const name of await readdir(cacheDir)) {
    const folder = join(cacheDir, name);
    if (!name.startsWith('build-') || folder === keep) continue;
    const made = await stat(folder).catch(() => undefined);
    if (made && Date.now() - made.mtimeMs > OLD_BUILD_AGE_MS) {
      await rm(folder, { recursive: true, force: true });
    }
  }
}

/**
 * Where builds are kept: the kit's node_modules/.cache when it can be written to. A read-only kit
 * (a shared checkout) uses a folder of the system's temporary one, named for this user and this
 * kit, and trusts it only when this user owns it and nobody else can write to it: another user
 * who made it first could otherwise plant a build there that this user's grade would run. An
 * untrusted folder is not used; the build goes into a fresh folder and is not reused.
 *
 * @param {string} kitRoot
 * @returns {Promise<{ dir: string, trusted: boolean }>}
 */
async function findCacheDir(kitRoot) {
  const inKit = join(kitRoot, 'node_modules', '.cache', 'agent-course-grader');
  try {
    await mkdir(inKit, { recursive: true });
    await access(inKit, constants.W_OK);
    return { dir: inKit, trusted: true };
  } catch {
    // Read-only: below.
  }
  const userId = process.getuid?.();
  const kitName = createHash('sha256').update(kitRoot).digest('hex').slice(0, 12);
  const own = join(tmpdir(), `agent-course-grader-${userId ?? 'user'}-${kitName}`);
  await mkdir(own, { recursive: true, mode: 0o755 });
  if (isTrustedFolder({ folder: await stat(own), userId })) return { dir: own, trusted: true };
  process.stderr.write(
    `note: ${own} belongs to another user or others may write to it, so the grader is compiled afresh for each grade; remove it to compile once\n`,
  );
  const fresh = await mkdtemp(join(tmpdir(), 'agent-course-grader-'));
  // Readable by the user student code runs as when the grader runs as root.
  await chmod(fresh, 0o755);
  // Used only by this grade's processes, which have ended when this one does.
  process.once('exit', () => rmSync(fresh, { recursive: true, force: true }));
  return { dir: fresh, trusted: false };
}

/**
 * Whether builds in a folder can be trusted: it belongs to this user, and no one else may write to
 * it. Where there are no user ids (Windows), there is no one else.
 *
 * @param {{ folder: { uid: number, mode: number }, userId: number | undefined }} options
 */
export function isTrustedFolder({ folder, userId }) {
  if (userId === undefined) return true;
  return folder.uid === userId && (folder.mode & 0o022) === 0;
}

/**
 * The grader's own code failed to compile: a kit that was edited by hand, not a student's lab.
 *
 * @param {{ error: unknown, kitRoot: string }} options
 */
function describeBuildFailure({ error, kitRoot }) {
  /** @type {Array<{ text: string, location: { file: string, line: number, column: number } | null }>} */
  const errors = /** @type {any} */ (error)?.errors ?? [];
  const first = errors[0];
  if (!first?.location) {
    // Nothing in the code: the build could not be written, or esbuild would not start.
    const said = first ? first.text : error instanceof Error ? error.message : String(error);
    // An entry the kit lists (a package's export) whose file is gone: reinstalling brings no file back.
    const missing = /^Could not resolve "([^"]+)"$/.exec(said)?.[1];
    if (missing && !isAbsolute(missing) && !missing.startsWith('..')) {
      return `the grader could not be compiled: the kit has no ${missing}, which it is built from; run \`git status\` to see what is missing, and restore it with \`git checkout -- ${missing}\``;
    }
    return `the grader could not be compiled (${said}); run \`pnpm install\` again, and check that the kit's node_modules/.cache can be written`;
  }
  const { file, line, column } = first.location;
  const where = `${relative(kitRoot, join(kitRoot, file))}:${line}:${column}: `;
  return `the grader does not compile (${where}${first.text}); fix that file, or run \`git status\` to see what changed in the kit`;
}
