import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isLiveState, parseProcStat, readProcessGroupStats } from './process-group';

describe('parseProcStat', () => {
  it('counts fields from the last parenthesis, so a command name with spaces and parentheses is safe', () => {
    const line =
      '4242 (node (a) b) S 1 4240 4240 0 -1 4194560 900 0 0 0 150 25 3 2 20 0 11 0 123 0 0';
    expect(parseProcStat(line)).toEqual({
      processId: 4242,
      groupId: 4240,
      state: 'S',
      cpuMs: 1800,
    });
  });

  it('gives up on a line that is not a stat line', () => {
    expect(parseProcStat('')).toBeUndefined();
    expect(parseProcStat('4242 (node) R')).toBeUndefined();
  });
});

describe('isLiveState', () => {
  it('counts running, sleeping and waiting processes as alive, zombies and dead ones not', () => {
    expect(['R', 'S', 'D', 'T', 'I', 'R+', 'Ss'].map(isLiveState)).toEqual(Array(7).fill(true));
    expect(['Z', 'X', 'Z+'].map(isLiveState)).toEqual([false, false, false]);
  });
});

describe.runIf(process.platform === 'linux')('readProcessGroupStats', () => {
  it('finds this process in its own group', () => {
    const members = readProcessGroupStats(readOwnGroupId());
    expect(members?.length).toBeGreaterThanOrEqual(1);
    expect(members?.every((member) => member.cpuMs >= 0)).toBe(true);
  });

  it('reads only the processes it is told to look among', () => {
    const groupId = readOwnGroupId();
    const members = readProcessGroupStats(groupId, { among: [process.pid] });
    expect(members?.map((member) => member.processId)).toEqual([process.pid]);
    // One that has gone is simply not there.
    expect(readProcessGroupStats(groupId, { among: [2 ** 22 + 12_345] })).toEqual([]);
  });

  it('finds nobody in a group that does not exist', () => {
    expect(readProcessGroupStats(2 ** 22 + 12_345)).toEqual([]);
  });
});

function readOwnGroupId(): number {
  const stat = parseProcStat(readFileSync('/proc/self/stat', 'utf8'));
  if (!stat) throw new Error('/proc/self/stat did not parse');
  return stat.groupId;
}
