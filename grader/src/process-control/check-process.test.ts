import { appendFile, chmod, mkdtemp } from 'node:fs/promises';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { type CompiledKit, compileGrader } from '../compiled/compile-grader.mjs';
import { compiledPathOf } from '../compiled/compiled-path-of.mjs';
import { compileLab } from '../compiled/compile-lab';
import { findGradedDays, loadChecks } from '../judging/day';
import { DRIVE_LAB_ENTRY, KIT_ROOT } from '../beside-lab/kit-paths';
import { judgeChecks } from '../judging/judge-checks';
import { stageLab } from '../lab-files/stage-lab';
import { createLabFolder, makeLab } from '../test-helpers';
import { createStudentFolder } from '../lab-files/student-folders';

let folder: Awaited<ReturnType<typeof createLabFolder>>;
let compiledKit: CompiledKit;

beforeAll(async () => {
  folder = await createLabFolder();
  // As root the check process runs as nobody, who must be able to reach the lab and the scratch folder.
  await chmod(folder.root, 0o755);
  const built = await compileGrader();
  if (!built.ok) throw new Error(built.error);
  compiledKit = built.value;
});
afterAll(() => folder.remove());

/** The compiled twin of a grader entry. */
function compiledEntry(file: string): string {
  const entry = compiledPathOf({ sourceRoot: KIT_ROOT, outDir: compiledKit.outDir, file });
  if (!entry) throw new Error(`the compiled grader has no twin of ${file}`);
  return entry;
}

describe('the check process', () => {
  it('runs the lab in the grade folder, with its TMPDIR there, without the model key', async () => {
    // A lab that says, as it loads, where it finds itself running.
    const copy = await makeLab({ into: join(folder.root, 'tells-where') });
    await appendFile(
      join(copy, 'src', 'index.ts'),
      "\nimport { tmpdir } from 'node:os';\n" +
        'const key = process.env.OPENAI_API_KEY ?? process.env.GITHUB_TOKEN ?? null;\n' +
        'throw new Error(`ran in ${JSON.stringify({ cwd: process.cwd(), tmp: tmpdir(), key })}`);\n',
    );
    // Staged as a grade stages it, so that it finds the kit's packages.
    const staged = await stageLab({
      labDir: copy,
      label: 'tells-where',
      dayId: 'd3',
      kitLabDir: 'labs/d3',
      kitSolutionDir: 'solutions/d3',
    });
    if (!staged.ok) throw new Error(staged.error);
    onTestFinished(() => staged.value.cleanup());
    const labDir = staged.value.directory;
    const scratchRoot = await mkdtemp(join(folder.root, 'scratch-'));
    await chmod(scratchRoot, 0o755);
    const studentTemp = join(scratchRoot, 'tmp');
    await createStudentFolder(studentTemp);
    const lab = await compileLab({
      labDir,
      dayId: 'd3',
      start: 'src/main.ts',
      outDir: join(scratchRoot, 'compiled-lab'),
      compiledKit,
    });
    const { days } = await findGradedDays({ only: 'd3' });
    const listed = await loadChecks(days[0]!);
    if (!listed.ok) throw new Error(listed.error);
    const check = listed.value.find((candidate) => candidate.id === 'truncation')!;

    // Whoever grades may have a model key or a CI token in their environment; the lab gets neither.
    process.env.OPENAI_API_KEY = 'sk-of-the-person-grading';
    process.env.GITHUB_TOKEN = 'a token of the CI grading';
    onTestFinished(() => {
      delete process.env.OPENAI_API_KEY;
      delete process.env.GITHUB_TOKEN;
    });
    const results = await judgeChecks({
      dayId: 'd3',
      checks: [check],
      labDir,
      compiledKit,
      labModules: Promise.resolve(lab.modules),
      timeoutMs: 60_000,
      seed: 1,
      scratchRoot,
      studentTemp,
      realRuns: new Map(),
    });

    const message = (await results.get('truncation'))?.message ?? '';
    expect(message).toContain(
      `ran in ${JSON.stringify({ cwd: studentTemp, tmp: studentTemp, key: null })}`,
    );
  });

  it('given a request it cannot read, says so and ends without loading any lab', async () => {
    const ended = await execa(process.execPath, [compiledEntry(DRIVE_LAB_ENTRY)], {
      input: 'token\n{"kind":"task","dayId":"d3"}\n',
      reject: false,
    });
    expect(ended.exitCode).toBe(2);
    expect(ended.stderr).toContain('the check process was given a request it cannot read');
  });
});
