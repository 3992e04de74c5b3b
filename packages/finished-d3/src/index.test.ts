// The package's own test: what day 4 relies on from day 3's finished code. The code itself is
// tested where it is written, in solutions/d3; these tests guard the seam between the two days.
import { afterEach, describe, expect, it } from 'vitest';
import { streamReader } from '@agent-course/finished-d1';
import { messageWriter } from '@agent-course/finished-d2';
import { createMockModel } from '@agent-course/core/offline';
import { createToolRegistry, globTool, grepTool, runAgent, SYSTEM_PROMPT } from './index';

const opened: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((mock) => mock.close()));
});

describe('@agent-course/finished-d3', () => {
  it("frames a run with the caller's system prompt, and with day 3's when none is given", async () => {
    const registry = createToolRegistry([globTool, grepTool]);
    const seen: string[] = [];
    for (const systemPrompt of ['Day 4 frames its own run.', undefined]) {
      const mock = await createMockModel({
        steps: [
          (conversation) => {
            seen.push(conversation[0]?.role === 'system' ? conversation[0].content : '');
            return { text: 'done' };
          },
        ],
        seed: 1,
        reader: streamReader,
        writer: messageWriter,
      });
      opened.push(mock);
      const ran = await runAgent({
        model: mock.model,
        registry,
        cwd: process.cwd(),
        question: 'anything',
        ...(systemPrompt ? { systemPrompt } : {}),
      });
      expect(ran.stopReason).toBe('done');
    }
    expect(seen).toEqual(['Day 4 frames its own run.', SYSTEM_PROMPT]);
  });

  it('answers a call to a tool it does not have with a failed result naming the ones it has', async () => {
    const registry = createToolRegistry([globTool, grepTool]);
    const result = await registry.execute(
      { id: 'call_1', name: 'edit_file', args: '{}' },
      { cwd: process.cwd(), signal: new AbortController().signal },
    );
    expect(result.ok).toBe(false);
    expect(result.content).toContain('glob, grep');
  });
});
