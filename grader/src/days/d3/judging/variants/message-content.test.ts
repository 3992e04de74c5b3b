import { checkToolArguments, parseToolArguments } from '@agent-course/core';
import { describe, expect, it } from 'vitest';
import { globTool } from '../../../../../../solutions/d3/src/tools/glob';
import { createBadCalls } from './bad-call-variants';
import { createRandom } from '../../../../judging/create-random';
import { requiredContentFor } from './day-parameters';
import { findMissingContent, type RequiredContent } from './message-content';

const judge = (call: { name: string; args: string }, answer: string) =>
  findMissingContent({ content: requiredContentFor(call)!, answer });

describe('requiredContentFor', () => {
  it('works out the problem from the argument text', () => {
    expect(requiredContentFor({ name: 'glob', args: '{"pattern":"**/*.js"}' })).toBeUndefined();
    expect(requiredContentFor({ name: 'glob', args: '{"pattern":' })).toMatchObject({
      kind: 'invalid JSON',
    });
    expect(requiredContentFor({ name: 'grep', args: '[1]' })).toMatchObject({ field: undefined });
    expect(requiredContentFor({ name: 'grep', args: 'null' })).toMatchObject({ field: undefined });
    expect(requiredContentFor({ name: 'glob', args: '{"pattern":"a","limit":-2}' })).toMatchObject({
      field: 'limit',
      problem: 'must be at least 1',
    });
    expect(requiredContentFor({ name: 'glob', args: '{"pattern":"a","depth":2}' })).toMatchObject({
      field: 'depth',
    });
  });

  it('reads empty argument text as {}, as the lab does, so it is a missing field, not bad JSON', () => {
    expect(parseToolArguments({ name: 'read_file', args: '' })).toEqual({ ok: true, value: {} });
    expect(requiredContentFor({ name: 'read_file', args: '' })).toMatchObject({
      kind: 'schema',
      field: 'path',
      problem: 'is required (or that it must be a string)',
    });
  });
});

describe('findMissingContent', () => {
  it('accepts any wording that carries the facts', () => {
    // A missing field: saying so, or naming the type it expects (zod's default wording), both do.
    const missing = { name: 'grep', args: '{"include":"**/*.js"}' };
    expect(judge(missing, '"pattern" is missing')).toBeUndefined();
    expect(judge(missing, '"pattern": expected string, received undefined')).toBeUndefined();
    expect(judge(missing, '"pattern" is wrong')).toBe(
      'it does not say that it is required (or that it must be a string)',
    );
    const wrongType = { name: 'glob', args: '{"pattern":"**/*.js","limit":"all"}' };
    expect(judge(wrongType, '"limit" must be a number, not a string')).toBeUndefined();
    expect(judge(wrongType, 'limit should be an integer; you sent text')).toBeUndefined();
    const json = { name: 'read_file', args: '{"path":"src/calc.js"' };
    expect(judge(json, 'Your JSON broke at position 21.')).toBeUndefined();
    expect(judge(json, 'bad JSON: line 1 column 22')).toBeUndefined();
    const unknown = { name: 'glob', args: '{"pattern":"a","colour":"red"}' };
    expect(
      judge(unknown, 'colour is not something glob accepts: use pattern or limit'),
    ).toBeUndefined();
    expect(judge(unknown, 'unexpected field colour')).toBeUndefined();
  });

  it('refuses an answer that names another field, or no problem', () => {
    const wrongType = { name: 'glob', args: '{"pattern":"**/*.js","limit":"all"}' };
    // Naming any field of the call used to pass; the field at fault must be named.
    expect(judge(wrongType, 'check the pattern: it must be a string')).toBe(
      'it does not name the field limit',
    );
    expect(judge(wrongType, 'limit is wrong')).toBe('it does not say that it must be a number');
    const json = { name: 'read_file', args: '{"path":"src/calc.js"' };
    expect(judge(json, 'not valid JSON')).toBe('it does not say where the JSON broke');
    expect(judge({ name: 'grep', args: 'null' }, 'grep needs arguments')).toBe(
      'it does not say that it must be an object',
    );
    const negative = { name: 'grep', args: '{"pattern":"a","limit":-3}' };
    expect(judge(negative, 'limit -3 is bad')).toBe('it does not say that it must be at least 1');
  });

  it('needs every registered name for an unknown tool, and the tool and error when one throws', () => {
    const unknown: RequiredContent = {
      kind: 'unknown tool',
      name: 'write_file',
      available: ['list_dir', 'grep'],
    };
    expect(
      findMissingContent({ content: unknown, answer: 'no write_file; try list_dir or grep' }),
    ).toBeUndefined();
    expect(findMissingContent({ content: unknown, answer: 'no write_file; try grep' })).toBe(
      'it does not name list_dir',
    );
    const failed: RequiredContent = {
      kind: 'tool failed',
      name: 'fetch_notes',
      message: 'disk full',
    };
    expect(
      findMissingContent({ content: failed, answer: 'fetch_notes broke: disk full' }),
    ).toBeUndefined();
    expect(findMissingContent({ content: failed, answer: 'fetch_notes broke' })).toBe(
      "it does not give the error's message",
    );
  });

  it("agrees with the facts core's own messages give, for every generated bad call", () => {
    for (let seed = 0; seed < 200; seed++) {
      for (const call of createBadCalls(createRandom({ seed, salt: 'test' }))) {
        const content = requiredContentFor(call)!;
        expect(content, call.args).toBeDefined();
        if (call.name !== 'glob') continue;
        const parsed = parseToolArguments(call);
        const answer = parsed.ok
          ? (checkToolArguments({ tool: globTool, value: parsed.value }) as { error: string }).error
          : parsed.error;
        expect(findMissingContent({ content, answer }), `${call.args} → ${answer}`).toBeUndefined();
      }
    }
  });
});
