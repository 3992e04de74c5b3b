import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ToolDef } from '@agent-course/core';
import { findFeedbackGaps } from './feedback-rules';
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
const TOOL_NAMES = ['glob', 'grep', 'read_file'];
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

  // The messages are the lab's own words: each test asks only for the facts a model needs.
  it('names the unknown tool and every tool that exists', async () => {
    const result = await call('edit_file', '{"path":"src/calc.js"}');
    expect(result.ok).toBe(false);
    const rule = { failure: 'unknown tool', name: 'edit_file', available: TOOL_NAMES } as const;
    expect(findFeedbackGaps(rule, result.content)).toEqual([]);
  });

  it('says the arguments are not valid JSON, and where', async () => {
    for (const args of ['{"path":"src/calc.js"', '{path: "a"}', '{"path":"a"} trailing']) {
      const result = await call('read_file', args);
      expect(result.ok).toBe(false);
      expect(findFeedbackGaps({ failure: 'invalid JSON', args }, result.content)).toEqual([]);
    }
  });

  it.each([
    ['a missing required field', '{"limit":2}', 'path', 'string'],
    ['a field of the wrong type', '{"path":"a","limit":"all"}', 'limit', 'number'],
    ['a number under its bound', '{"path":"a","limit":0}', 'limit', '0'],
    ['an unknown property', '{"path":"a","recursive":true}', 'recursive', 'recursive'],
    ['arguments that are an array', '[]', 'argument', 'object'],
    ['arguments that are a string', '"src"', 'argument', 'object'],
    ['arguments that are null', 'null', 'argument', 'object'],
    ['empty arguments, read as {}', '', 'path', 'string'],
  ])('names the field and what it expects for %s', async (_case, args, field, expected) => {
    const result = await call('read_file', args);
    expect(result.ok).toBe(false);
    const rule = { failure: 'schema violation', field, expected } as const;
    expect(findFeedbackGaps(rule, result.content)).toEqual([]);
  });

  it('turns a tool that throws into a failed result naming the tool and the error', async () => {
    const result = await call('read_file', '{"path":"explode"}');
    expect(result.ok).toBe(false);
    const rule = { failure: 'tool failure', tool: 'read_file', message: 'disk on fire' } as const;
    expect(findFeedbackGaps(rule, result.content)).toEqual([]);
  });

  it('never throws, whatever the tool throws', async () => {
    const thrower = (thrown: unknown): ToolDef => ({
      ...tool('grep'),
      run: () => Promise.reject(thrown),
    });
    const throwing = createToolRegistry([thrower('a bare string'), tool('glob')]);
    const result = await throwing.execute({ id: 'c', name: 'grep', args: '{"path":"a"}' }, context);
    expect(result.ok).toBe(false);
    expect(result.content).toContain('a bare string');
  });

  it('truncates every result in one place', async () => {
    const result = await call('read_file', '{"path":"huge"}');
    expect(result.content).toHaveLength(8054);
    expect(result.meta).toEqual({ truncated: true, originalChars: 20_000 });
  });
});
