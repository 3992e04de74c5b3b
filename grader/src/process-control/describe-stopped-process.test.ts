import { describe, expect, it } from 'vitest';
import { describeTimeLimit } from './describe-stopped-process';

describe('describeTimeLimit', () => {
  it('names the limit and what to look for, never a TODO nor an option a student on a platform cannot pass', () => {
    for (const kind of ['cpuMs', 'idleMs', 'wallMs'] as const) {
      const text = describeTimeLimit({ kind, limitMs: 8000 });
      expect(text).toContain('8 s');
      expect(text).not.toContain('--timeout');
      expect(text).not.toMatch(/TODO/);
    }
    expect(describeTimeLimit({ kind: 'cpuMs', limitMs: 8000 })).toContain('CPU time');
    expect(describeTimeLimit({ kind: 'idleMs', limitMs: 8000 })).toContain('idle');
    expect(describeTimeLimit({ kind: 'wallMs', limitMs: 8000 })).toContain('wall-clock');
  });

  it('names what it waited on outside its process group', () => {
    const text = describeTimeLimit({ kind: 'idleMs', limitMs: 8000 }, ['sleep 600']);
    expect(text).toContain('outside its process group (sleep 600)');
  });
});
