import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LAST_GRADES_FILE, readLastGrades, recordLastGrade } from './last-grades';

const roots: string[] = [];
afterEach(async () => {
  for (const root of roots.splice(0)) await rm(root, { recursive: true, force: true });
});
const newRoot = async () => {
  const root = await mkdtemp(path.join(tmpdir(), 'last-grades-'));
  roots.push(root);
  return root;
};

const AT = '2026-12-04T03:00:00.000Z';

describe('last grades', () => {
  it('records each day once, the latest grade winning, in day order', async () => {
    const root = await newRoot();
    expect(readLastGrades(root)).toEqual({});
    recordLastGrade({ root, day: 'd10', grade: { score: 1, max: 7, at: AT } });
    recordLastGrade({ root, day: 'd3', grade: { score: 2, max: 7, at: AT } });
    expect(recordLastGrade({ root, day: 'd3', grade: { score: 7, max: 7, at: AT } })).toBe(true);
    expect(
      Object.keys(JSON.parse(await readFile(path.join(root, LAST_GRADES_FILE), 'utf8'))),
    ).toEqual(['d3', 'd10']);
    expect(readLastGrades(root).d3).toEqual({ score: 7, max: 7, at: AT });
  });

  it('reads a broken file as no grades, and a grade then replaces it', async () => {
    const root = await newRoot();
    await writeFile(path.join(root, LAST_GRADES_FILE), '{ not json');
    expect(readLastGrades(root)).toEqual({});
    recordLastGrade({ root, day: 'd4', grade: { score: 0, max: 7, at: AT } });
    expect(readLastGrades(root)).toEqual({ d4: { score: 0, max: 7, at: AT } });
  });

  it('says false, without throwing, when the file cannot be written', () => {
    const grade = { score: 0, max: 7, at: AT };
    expect(recordLastGrade({ root: '/nonexistent/kit', day: 'd4', grade })).toBe(false);
  });
});
