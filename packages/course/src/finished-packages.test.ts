import { describe, expect, it } from 'vitest';
import { FINISHED_PACKAGES, finishedPackagesFrom, type FinishedPackage } from './finished-packages';

const made = (day: string): FinishedPackage => ({
  day,
  directory: `packages/${day}`,
  generated: [],
  own: [],
});

describe('finishedPackagesFrom', () => {
  it("names days 3's and 4's finished code for day 3's lab, and only day 4's for day 4's lab, which builds on day 3's", () => {
    const directories = (dayId: string) =>
      finishedPackagesFrom(dayId).map((finished) => finished.directory);
    expect(directories('d3')).toEqual(['packages/finished-d3', 'packages/finished-d4']);
    expect(directories('d4')).toEqual(['packages/finished-d4']);
    expect(directories('d5')).toEqual([]);
  });

  it('names every finished package packages/finished-dN after the day it comes from', () => {
    for (const finished of FINISHED_PACKAGES) {
      expect(finished.directory).toBe(`packages/finished-${finished.day}`);
    }
  });

  it('takes the days as numbers: the packages of the day and of every later one', () => {
    const packages = [made('d2'), made('d9'), made('d10')];
    expect(finishedPackagesFrom('d9', packages).map((finished) => finished.day)).toEqual([
      'd9',
      'd10',
    ]);
    expect(finishedPackagesFrom('d1', packages)).toEqual(packages);
    expect(finishedPackagesFrom('d11', packages)).toEqual([]);
  });

  it('refuses what is no day', () => {
    expect(() => finishedPackagesFrom('day3')).toThrow('day3 is not a day');
  });
});
