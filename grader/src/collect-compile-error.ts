import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { CheckResult, CompileError } from '@agent-course/course';
import { describeCompileError, NOT_RUN } from './find-compile-error';
import { markNotRun } from './mark-not-run';
import { readLabFile } from './read-lab-file';

/**
 * Takes the compile error out of a lab's results, to be said once for the whole grade: every
 * check that could not run because the lab does not compile says only that, and the grade carries
 * where and why (`compileError`). A missing export of a kit package, which Node names by the
 * package alone, is traced to the line of the lab that imports it. Results are unchanged, and
 * there is no compile error, when the lab compiles.
 */
export async function collectCompileError({
  results,
  labDir,
}: {
  /** The grade's finished, scrubbed results. */
  results: CheckResult[];
  /** The lab as graded, whose `src` is searched for a missing import. */
  labDir: string;
}): Promise<{ results: CheckResult[]; compileError?: CompileError }> {
  const described = results.map((result) =>
    result.status === 'pass' ? undefined : describeCompileError(result.message),
  );
  const found = described.filter((entry) => entry !== undefined);
  const [first] = found;
  if (!first) return { results };
  const compileError = await locateKitImport({
    labDir,
    compileError: {
      where: first.where,
      problems: [...new Set(found.flatMap((entry) => entry.problems))],
    },
  });
  return {
    compileError,
    results: results.map((result, index) =>
      described[index]
        ? markNotRun({ result, message: `${NOT_RUN} (${compileError.where})` })
        : result,
    ),
  };
}

/** `the import of NAME from MODULE, …`, as findCompileError names a missing export of the kit. */
const KIT_IMPORT = /^the import of (\S+) from (\S+), which has no such export$/;

/** The compile error with a missing kit export placed at the lab's line importing it, when found. */
async function locateKitImport({
  labDir,
  compileError,
}: {
  labDir: string;
  compileError: CompileError;
}): Promise<CompileError> {
  const missing = KIT_IMPORT.exec(compileError.where);
  if (!missing) return compileError;
  const [, name = '', module = ''] = missing;
  const files = await listFiles(join(labDir, 'src'));
  for (const file of files.filter((entry) => /\.[cm]?tsx?$/.test(entry)).sort()) {
    // Only the lab's own regular files: one that is a link, or a device, is not the lab's code.
    const read = readLabFile({ labDir, file: join('src', file), within: 'src' });
    if (!read.ok) continue;
    const line = findImportLine({ source: read.text, name, module });
    if (line === undefined) continue;
    const where = `src/${file}:${line}`;
    return {
      where,
      problems: [`${where}: imports ${name} from ${module}, which does not export it`],
    };
  }
  return compileError;
}

/**
 * The files in `folder` and the folders in it, relative to it, links not followed: Node's own
 * recursive listing follows a link to a folder, which could take the grader, as root, through the
 * whole machine. Folders never copied into a staged lab (node_modules) are not looked in.
 */
async function listFiles(folder: string, inside = ''): Promise<string[]> {
  const entries = await readdir(join(folder, inside), { withFileTypes: true }).catch(() => []);
  const found: string[] = [];
  for (const entry of entries) {
    const path = inside ? `${inside}/${entry.name}` : entry.name;
    if (entry.isFile()) found.push(path);
    else if (entry.isDirectory() && entry.name !== 'node_modules') {
      found.push(...(await listFiles(folder, path)));
    }
  }
  return found;
}

/** The line (from 1) where `source` imports `name` from `module`, or undefined. */
export function findImportLine({
  source,
  name,
  module,
}: {
  source: string;
  name: string;
  module: string;
}): number | undefined {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const imports = new RegExp(
    `import\\s+(?:type\\s+)?\\{([^}]*)\\}\\s*from\\s*['"]${escape(module)}['"]`,
    'g',
  );
  for (const statement of source.matchAll(imports)) {
    const names = statement[1] ?? '';
    const at = new RegExp(
      `(?:^|[\\s,])(?:type\\s+)?${escape(name)}(?:\\s+as\\s+\\w+)?\\s*(?:,|$)`,
    ).exec(names);
    if (!at) continue;
    const offset = statement.index + statement[0].indexOf('{') + 1 + names.indexOf(name, at.index);
    return source.slice(0, offset).split('\n').length;
  }
  return undefined;
}
