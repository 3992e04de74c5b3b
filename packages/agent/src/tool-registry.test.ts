import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ToolDef } from '@agent-course/core';
import { createToolRegistry } from './tool-registry';

const EchoParameters = z.strictObject({
  path: z.string().describe('the path to echo'),
  limit: z.number().int().positive().default(3).describe('how many times, default 3'),
});

/** A tool whose behaviour each test controls through its arguments. */
const echoTool: ToolDef<typeof EchoParameters> = {
  name: 'read_file',
  description: 'Echoes its path, e.g. {"path":"a"}. At most 3 times by default.',
  parameters: EchoParameters,
  readOnly: true,
  async run(args) {
    if (args.path === 'explode') throw new Error('disk on fire');
    if (args.path === 'huge') return { ok: true, content: 'y'.repeat(20_000) };
    return { ok: true, content: Array(args.limit).fill(args.path).join(' ') };
  },
};

function tool(name: string): ToolDef {
  return { ...(echoTool as unknown as ToolDef), name };
}

const registry = createToolRegistry([tool('glob'), tool('grep'), echoTool as unknown as ToolDef]);
const context = { cwd: '/nowhere', signal: new AbortController().signal };
const call = (name: string, args: string) =>
  registry.execute({ id: 'call_1', name, args }, context);

describe('createToolRegistry', () => {
  it('lists what the model sees, with the JSON Schema generated from zod', () => {
    const [, , readFile] = registry.list();
    expect(readFile).toEqual({
      name: 'read_file',
      description: echoTool.description,
      parameters: {
        type: 'object',
        properties: {
          path: { type: 'string', description: 'the path to echo' },
          limit: {
            type: 'integer',
            default: 3,
            description: 'how many times, default 3',
            exclusiveMinimum: 0,
            maximum: Number.MAX_SAFE_INTEGER,
          },
        },
        required: ['path'],
        additionalProperties: false,
      },
    });
  });

  it('runs a valid call and applies defaults', async () => {
    expect(await call('read_file', '{"path":"a"}')).toEqual({ ok: true, content: 'a a a' });
  });

  it('names the available tools when the tool does not exist', async () => {
    const result = await call('edit_file', '{"path":"src/calc.js"}');
    expect(result).toEqual({
      ok: false,
      content: 'there is no tool named edit_file. Available: glob, grep, read_file',
    });
    expect(result.content).toHaveLength(66);
  });

  it('says the arguments are not valid JSON, and where', async () => {
    const result = await call('read_file', '{"path":"src/calc.js"');
    expect(result.ok).toBe(false);
    expect(result.content).toMatch(
      /^the arguments for read_file are not valid JSON \(.*position|column/,
    );
  });

  it('names a missing required field', async () => {
    const result = await call('read_file', '{"limit":2}');
    expect(result.ok).toBe(false);
    expect(result.content).toContain('"path" is required (string)');
    expect(result.content).toContain('Its parameters are: path, limit.');
  });

  it('names a field of the wrong type and what was expected', async () => {
    const result = await call('read_file', '{"path":"a","limit":"all"}');
    expect(result.content).toContain('"limit" must be a number, not a string ("all")');
  });

  it('refuses unknown properties', async () => {
    const result = await call('read_file', '{"path":"a","recursive":true}');
    expect(result.content).toContain('unknown property "recursive"');
  });

  it('says the arguments must be an object when they are an array, a string or null', async () => {
    for (const args of ['[]', '"src"', 'null']) {
      const result = await call('read_file', args);
      expect(result.ok).toBe(false);
      expect(result.content).toContain('the arguments must be an object');
    }
  });

  it('treats empty arguments as {} and then checks them', async () => {
    const result = await call('read_file', '');
    expect(result.content).toContain('"path" is required');
  });

  it('turns a tool that throws into a failed result', async () => {
    const result = await call('read_file', '{"path":"explode"}');
    expect(result).toEqual({
      ok: false,
      content:
        'read_file failed while running: disk on fire. Check the arguments, or try another tool.',
    });
  });

  it('truncates every result in one place', async () => {
    const result = await call('read_file', '{"path":"huge"}');
    expect(result.content).toHaveLength(8054);
    expect(result.meta).toEqual({ truncated: true, originalChars: 20_000 });
  });
});
