import { describe, expect, it } from 'vitest';
import { createToolRegistry } from '@agent-course/finished-d3';
import type { ToolCall } from '@agent-course/core';
import { askBeforeWriting } from './ask-before-writing';
import { createTools } from './create-tools';

const tools = createTools();
const cwd = '/nonexistent-workspace';
const context = { cwd, signal: new AbortController().signal };

describe('askBeforeWriting', () => {
  it('asks about edit_file, create_file and run_command only, and a "no" runs nothing', async () => {
    const asked: string[] = [];
    const registry = askBeforeWriting({
      registry: createToolRegistry(tools),
      tools,
      approve: async (call: ToolCall) => {
        asked.push(call.name);
        return false;
      },
    });
    for (const name of ['glob', 'grep', 'read_file', 'edit_file', 'create_file', 'run_command']) {
      const result = await registry.execute({ id: name, name, args: '{}' }, context);
      if (asked.includes(name)) {
        expect(result).toEqual({
          ok: false,
          content: `the person declined this ${name} call, so nothing was changed or run; ask them what they want instead, or go on without it`,
        });
      }
    }
    expect(asked).toEqual(['edit_file', 'create_file', 'run_command']);
  });

  it('runs the call as usual after a "yes"', async () => {
    const registry = askBeforeWriting({
      registry: createToolRegistry(tools),
      tools,
      approve: async () => true,
    });
    const result = await registry.execute(
      { id: '1', name: 'run_command', args: '{"command":""}' },
      context,
    );
    expect(result.content).not.toContain('declined');
  });
});
