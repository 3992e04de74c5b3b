import { cp, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KIT_ROOT } from './kit-paths';
import { createLabFolder, makeLab, runGrader } from './test-helpers';

let folder: Awaited<ReturnType<typeof createLabFolder>>;
beforeAll(async () => {
  folder = await createLabFolder();
});
afterAll(() => folder.remove());

describe('a lab written for the previous layout', () => {
  it('is not graded, and the message says how to carry its three exercise bodies over', async () => {
    const lab = await makeLab({ into: join(folder.root, 'old-lab'), from: 'labs/d3' });
    await rm(join(lab, 'day.ts'));
    await writeFile(join(lab, 'src', 'old-engine.ts'), 'export const old = 1;\n');
    // Before the split, labs did not depend on the package that defines manifests.
    const manifest = JSON.parse(await readFile(join(lab, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    delete manifest.dependencies['@agent-course/course'];
    await writeFile(join(lab, 'package.json'), JSON.stringify(manifest));
    const { exitCode, stdout, stderr } = await runGrader(['d3', '--lab', 'old-lab'], {
      cwd: folder.root,
    });
    expect(exitCode).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain(
      "old-lab was written for the course's previous layout (it has no day.ts)",
    );
    expect(stderr).toContain('  TODO(1) in src/tool-call-accumulator.ts: ToolCallAccumulator');
    expect(stderr).toContain('  TODO(2) in src/tool-registry.ts: ');
    expect(stderr).toContain('  TODO(3) in src/truncate-result.ts: ');
    expect(stderr).toContain('Then run `pnpm grade d3` again.');
    expect(stderr).not.toContain(folder.root);
  });

  it('does not take a submission of this layout without its day.ts for one: it is graded', async () => {
    // As a student hands in a lab, and the autograders take it: its src/ and package.json.
    const submission = join(folder.root, 'submission');
    await cp(join(KIT_ROOT, 'solutions', 'd3', 'src'), join(submission, 'src'), {
      recursive: true,
    });
    await cp(join(KIT_ROOT, 'solutions', 'd3', 'package.json'), join(submission, 'package.json'));
    const { exitCode, stdout } = await runGrader(['d3', '--lab', 'submission'], {
      cwd: folder.root,
    });
    expect(stdout).toContain('7 passed, 0 failed');
    expect(exitCode).toBe(0);
  });
});
