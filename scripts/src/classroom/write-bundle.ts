import { chmod, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { CLASS_LIMITS, loadDayManifest, platformTestName } from '@agent-course/course';
import type { BundleKind } from './bundle-kinds';
import { fitTemplateLockfile } from './fit-template-lockfile';
import { DEFAULT_GRADESCOPE_VISIBILITY, type GradescopeVisibility } from './gradescope-visibility';
import { planStudentTemplate } from './plan-student-template';

/** The autograders' own files, beside this folder's README. */
const AUTOGRADER_FILES: Record<Exclude<BundleKind, 'template'>, string[]> = {
  classroom50: ['classroom50/autograder.py'],
  gradescope: ['gradescope/setup.sh', 'gradescope/run_autograder'],
};

/** The day an autograder grades, and the checks it reports even when grading cannot run. */
export interface AssignmentFile {
  /** The day, e.g. `d3`. */
  day: string;
  /** Every check of the day, in report order, with its name on the platform's list of tests. */
  checks: Array<{ id: string; title: string; name: string }>;
  /** Gradescope only: when its students see the tests, set as results.json's top-level visibility. */
  visibility?: GradescopeVisibility;
  /** The class's limits (CLASS_LIMITS), which the autograder's own script reads. */
  limits: typeof CLASS_LIMITS;
}

/**
 * Writes one bundle for a day into `out`, which must not exist or be empty. An autograder bundle
 * is its scripts, an `assignment.json` naming the day and its checks, and the student template in
 * `kit/`: the autograder grades with its own copy of the grader, never the one in a student's repository.
 */
export async function writeBundle({
  root,
  day,
  kind,
  out,
  visibility = DEFAULT_GRADESCOPE_VISIBILITY,
}: {
  root: string;
  day: string;
  kind: BundleKind;
  out: string;
  /** For a Gradescope bundle: when students see its tests. */
  visibility?: GradescopeVisibility;
}): Promise<{ ok: true; files: number } | { ok: false; error: string }> {
  const existing = await readdir(out).catch(() => []);
  if (existing.length > 0) return { ok: false, error: `${out} is not empty; pick a new folder` };
  const template = await planStudentTemplate({ root, day });
  if (!template.ok) return template;

  const kitFolder = kind === 'template' ? out : path.join(out, 'kit');
  for (const [relativePath, content] of template.value) {
    const target = path.join(kitFolder, relativePath);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, content);
  }
  const fitted = await fitTemplateLockfile(kitFolder);
  if (!fitted.ok) return fitted;
  if (kind === 'template') return { ok: true, files: template.value.size };

  const manifest = await loadDayManifest({
    dayDir: path.join(root, 'solutions', day),
    shown: `solutions/${day}`,
  });
  if (!manifest.ok) return manifest;
  const assignment: AssignmentFile = {
    day,
    checks: manifest.value.checks.map(({ id, title }) => ({
      id,
      title,
      name: platformTestName({ id, title }),
    })),
    ...(kind === 'gradescope' ? { visibility } : {}),
    limits: CLASS_LIMITS,
  };
  await writeFile(path.join(out, 'assignment.json'), `${JSON.stringify(assignment, null, 2)}\n`);
  for (const file of AUTOGRADER_FILES[kind]) {
    const target = path.join(out, path.basename(file));
    await writeFile(target, await readFile(path.join(root, 'scripts', 'classroom', file)));
    if (!file.endsWith('.py')) await chmod(target, 0o755);
  }
  return { ok: true, files: template.value.size + AUTOGRADER_FILES[kind].length + 1 };
}
