import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GradeResult } from './grade-result';
import { createLabFolder, makeLab, runGrader } from './test-helpers';

/** Each broken lab (a copy of the solution with one file broken) and the check it must fail. */
const BROKEN_LABS = [
  { overlay: 'undescribed-loose-schema', check: 'tool-schemas', hint: 'src/tools/glob.ts' },
  { overlay: 'dot-dot-path-check', check: 'path-boundary', hint: 'src/tools/read-file.ts' },
  { overlay: 'calls-in-arrival-order', check: 'fragment-merging', hint: 'TODO(1)' },
  { overlay: 'index-as-array-subscript', check: 'fragment-merging', hint: 'TODO(1)' },
  { overlay: 'arguments-parsed-per-fragment', check: 'fragment-merging', hint: 'TODO(1)' },
  { overlay: 'finish-reason-only', check: 'fragment-merging', hint: 'src/run-agent.ts' },
  { overlay: 'throws-on-bad-arguments', check: 'bad-arguments', hint: 'TODO(2)' },
  { overlay: 'wrong-unknown-tool-sentence', check: 'unknown-tool', hint: 'TODO(2)' },
  { overlay: 'head-only-truncation', check: 'truncation', hint: 'TODO(3)' },
  { overlay: 'tools-in-another-order', check: 'call-order', hint: 'src/run-agent.ts' },
];

let folder: Awaited<ReturnType<typeof createLabFolder>>;
beforeAll(async () => {
  folder = await createLabFolder();
});
afterAll(() => folder.remove());

describe.concurrent('each broken lab fails the check it breaks', () => {
  for (const { overlay, check, hint } of BROKEN_LABS) {
    it(`${overlay} fails ${check}`, async () => {
      const lab = await makeLab({
        into: join(folder.root, overlay),
        overlay: `broken-labs/${overlay}`,
      });
      const { exitCode, stdout } = await runGrader(['d3', '--lab', lab, '--only', check, '--json']);
      const result = GradeResult.parse(JSON.parse(stdout));
      expect(result.checks.map((entry) => [entry.id, entry.status])).toEqual([[check, 'fail']]);
      expect(result.checks[0]?.message).toMatch(/^expected: .+\ngot: .+/);
      expect(result.checks[0]?.hint).toContain(hint);
      expect(exitCode).toBe(1);
    });
  }
});
