import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
});
