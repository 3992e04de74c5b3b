import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findDays, latestDay, loadDayManifest } from './load-day-manifest';

const roots: string[] = [];
afterEach(async () => {
  for (const root of roots.splice(0)) await rm(root, { recursive: true, force: true });
});

const manifest = (id: string, extra: Record<string, unknown> = {}) =>
  `export default ${JSON.stringify({
    id,
    title: 't',
    draft: false,
    start: 'src/main.ts',
    starterScore: 0,
    exercises: [],
    checks: [{ id: 'c', title: 'c', hints: { default: 'h' } }],
    ...extra,
  })};\n`;

async function rootWith(files: Record<string, string>): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), 'course-manifest-'));
  roots.push(root);
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), text);
  }
  return root;
}

describe('findDays and loadDayManifest', () => {
  it('finds every labs/dN/day.ts in day order and reads it', async () => {
    const root = await rootWith({
      'labs/d10/day.ts': manifest('d10', { draft: true }),
      'labs/d3/day.ts': manifest('d3'),
      'labs/d4/day.ts': manifest('d4'),
      'labs/d5/README.md': 'no manifest: not a day yet\n',
      'labs/notes/day.ts': manifest('d6'),
    });
    const days = await findDays({ root, parent: 'labs' });
    expect(days.map((day) => [day.id, day.relativeDir, day.manifest.ok])).toEqual([
      ['d3', 'labs/d3', true],
      ['d4', 'labs/d4', true],
      ['d10', 'labs/d10', true],
    ]);
    expect(latestDay(days)?.id).toBe('d4');
  });

  it('names the file and the problem, never the machine path, when a manifest is wrong', async () => {
    const root = await rootWith({
      'labs/d3/day.ts': manifest('d4'),
      'labs/d5/day.ts': "import './missing.ts';\nexport default {};\n",
      'labs/d6/day.ts': 'export default { id: "d6" };\n',
    });
    const errors = (await findDays({ root, parent: 'labs' })).map(
      (day) => !day.manifest.ok && day.manifest.error,
    );
    expect(errors[0]).toBe('labs/d3/day.ts declares id "d4"; it must be "d3"');
    expect(errors[1]).toMatch(/^labs\/d5\/day\.ts does not load: /);
    expect(errors[1]).not.toContain(root);
    expect(errors[2]).toMatch(
      /^labs\/d6\/day\.ts is not a day manifest \(export default defineDay\(\{\.\.\.\}\)\): title: /,
    );
    expect(await loadDayManifest({ dayDir: path.join(root, 'labs/d9'), shown: 'labs/d9' })).toEqual(
      { ok: false, error: 'labs/d9/day.ts does not exist' },
    );
  });
});
