import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findFinishedPackage, finishedPackageName, OWN_DAYS_FILE, readOwnDays } from './own-days';

const roots: string[] = [];
afterEach(async () => {
  for (const root of roots.splice(0)) await rm(root, { recursive: true, force: true });
});

async function rootWith(text?: string): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), 'own-days-'));
  roots.push(root);
  if (text !== undefined) await writeFile(path.join(root, OWN_DAYS_FILE), text);
  return root;
}

describe('readOwnDays', () => {
  it("reads no file as every day on the kit's, and a day switched to mine", async () => {
    expect(readOwnDays(await rootWith())).toEqual({ ok: true, value: {} });
    expect(readOwnDays(await rootWith('{ "d3": "mine", "d4": "kit" }\n'))).toEqual({
      ok: true,
      value: { d3: 'mine', d4: 'kit' },
    });
  });

  it.each([
    ['not JSON', '{ d3: mine }', 'my-days.json is not valid JSON ('],
    ['a value other than mine or kit', '{ "d3": "yes" }', 'd3: write "mine" or "kit"'],
    ['a key that is no day', '{ "day3": "mine" }', 'day3: name a day, e.g. d3'],
    ['a list', '["d3"]', 'my-days.json: the file: write an object such as { "d3": "mine" }'],
    ['null', 'null', 'write an object such as { "d3": "mine" }'],
  ])('refuses %s, saying how to mend it', async (_name, text, expected) => {
    const read = readOwnDays(await rootWith(text));
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.error).toContain(expected);
    expect(read.error).toContain(
      "delete it (rm my-days.json) to run every day on the kit's earlier days, then choose again with pnpm switch",
    );
  });
});

describe('finishedPackageName', () => {
  it("names day 3's finished package as later days import it", () => {
    expect(finishedPackageName(findFinishedPackage('d3')!)).toBe('@agent-course/finished-d3');
    expect(findFinishedPackage('d9')).toBeUndefined();
  });
});
