import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { readProcessGroupStats } from '@agent-course/workspace';
import {
  createGroupUsageReader,
  parseCpuTime,
  parsePsLine,
  readGroupUsage,
  readGroupUsageFromPs,
} from './read-group-usage';

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

  it.runIf(process.platform === 'linux')(
    'does not count a zombie, through /proc or through ps',
    async () => {
      // The shell starts `true` and becomes `sleep`, which never collects it: `true` stays a
      // zombie in the group for as long as `sleep` runs.
      const child = spawn('sh', ['-c', 'true & exec sleep 30'], {
        detached: true,
        stdio: 'ignore',
      });
      if (child.pid === undefined) throw new Error('could not start a child');
      started.push(child.pid);
      // Polls without a deadline of its own: the test's time limit is the backstop.
      while (!readProcessGroupStats(child.pid)?.some((member) => member.state === 'Z')) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(readProcessGroupStats(child.pid)).toHaveLength(2);
      expect((await readGroupUsage(child.pid))?.processCount).toBe(1);
      expect((await readGroupUsageFromPs(child.pid)).processCount).toBe(1);
    },
  );

  it.runIf(process.platform === 'linux')(
    'reads the members it found again between scans, and sees a member that is gone',
    async () => {
      const leader = startGroup(
        "require('node:child_process').spawn('sleep', ['30'], { stdio: 'ignore' }); setInterval(() => {}, 1e6);",
      );
      await readUntil(leader, (reading) => reading.processCount === 2);
      const read = createGroupUsageReader({ groupId: leader });
      expect((await read())?.processCount).toBe(2);
      // Between scans only the two members are read: when one goes, the next reading knows.
      const sleeper = readProcessGroupStats(leader)?.find((member) => member.processId !== leader);
      process.kill(sleeper!.processId!, 'SIGKILL');
      for (;;) {
        const usage = await read();
        if (usage?.processCount === 1) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect((await read())?.processCount).toBe(1);
    },
  );

  it('reports an empty group once its processes are gone', async () => {
    const usage = await readGroupUsage(2 ** 22 + 12_345);
    expect(usage?.processCount ?? 0).toBe(0);
  });
});
