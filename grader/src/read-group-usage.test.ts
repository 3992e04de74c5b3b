import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import {
  parseCpuTime,
  parseProcStat,
  parsePsLine,
  readGroupUsage,
  readGroupUsageFromPs,
} from './read-group-usage';

describe('parseProcStat', () => {
  it('counts fields from the last parenthesis, so a command name with spaces and parentheses is safe', () => {
    const line =
      '4242 (node (a) b) S 1 4240 4240 0 -1 4194560 900 0 0 0 150 25 3 2 20 0 11 0 123 0 0';
    expect(parseProcStat(line)).toEqual({ groupId: 4240, state: 'S', cpuMs: 1800 });
  });

  it('gives up on a line that is not a stat line', () => {
    expect(parseProcStat('')).toBeUndefined();
    expect(parseProcStat('4242 (node) R')).toBeUndefined();
  });
});

describe('parsePsLine and parseCpuTime', () => {
  it('reads macOS and Linux ps formats', () => {
    expect(parsePsLine('  4240 R+   01:02.50')).toEqual({
      groupId: 4240,
      state: 'R',
      cpuMs: 62_500,
    });
    expect(parsePsLine('4240 S 1-02:03:04')).toEqual({
      groupId: 4240,
      state: 'S',
      cpuMs: ((26 * 60 + 3) * 60 + 4) * 1000,
    });
    expect(parsePsLine('PGID STAT TIME')).toBeUndefined();
    expect(parseCpuTime('12')).toBeUndefined();
  });
});

describe('readGroupUsage', () => {
  const started: number[] = [];
  afterEach(() => {
    for (const pid of started.splice(0)) {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
  });

  function startGroup(script: string): number {
    const child = spawn(process.execPath, ['-e', script], { detached: true, stdio: 'ignore' });
    if (child.pid === undefined) throw new Error('could not start a child');
    started.push(child.pid);
    return child.pid;
  }

  async function readUntil(
    groupId: number,
    wanted: (usage: NonNullable<Awaited<ReturnType<typeof readGroupUsage>>>) => boolean,
  ) {
    // Polls without a deadline of its own: the test's time limit is the backstop.
    for (;;) {
      const usage = await readGroupUsage(groupId);
      if (usage && wanted(usage)) return usage;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it('sees CPU time used by every process of the group, grandchildren included', async () => {
    // The leader only waits; its child spins. The group's CPU time grows all the same.
    const leader = startGroup(
      "require('node:child_process').spawn('sh', ['-c', 'while :; do :; done'], { stdio: 'ignore' }); setInterval(() => {}, 1e6);",
    );
    const usage = await readUntil(
      leader,
      (reading) => reading.processCount >= 2 && reading.cpuMs >= 300,
    );
    expect(usage.processCount).toBeGreaterThanOrEqual(2);
  });

  it('tells a process that waits on nothing from one that runs', async () => {
    const idle = startGroup('setInterval(() => {}, 1e6);');
    const quiet = await readUntil(
      idle,
      (reading) => !reading.runnable && reading.processCount === 1,
    );
    expect(quiet.runnable).toBe(false);
  });

  it('reads the same group through ps, as on macOS', async () => {
    const idle = startGroup('setInterval(() => {}, 1e6);');
    const usage = await readGroupUsageFromPs(idle);
    expect(usage.processCount).toBe(1);
    expect(usage.cpuMs).toBeGreaterThanOrEqual(0);
  });

  it('reports an empty group once its processes are gone', async () => {
    const usage = await readGroupUsage(2 ** 22 + 12_345);
    expect(usage?.processCount ?? 0).toBe(0);
  });
});
