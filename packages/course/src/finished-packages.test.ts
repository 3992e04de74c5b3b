import { describe, expect, it } from 'vitest';
import { FINISHED_PACKAGES, finishedPackagesFrom, type FinishedPackage } from './finished-packages';

const made = (day: string): FinishedPackage => ({
  day,
  directory: `packages/${day}`,
  generated: [],
  own: [],
});

describe('finishedPackagesFrom', () => {
  it("names day 3's agent for day 3's lab and nothing for day 4's, which builds on it", () => {
    expect(finishedPackagesFrom('d3').map((finished) => finished.directory)).toEqual([
      'packages/finished-d3',
    ]);
    expect(finishedPackagesFrom('d4')).toEqual([]);
    expect(finishedPackagesFrom('d3')).toEqual(
      FINISHED_PACKAGES.filter((finished) => finished.day === 'd3'),
    );
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
