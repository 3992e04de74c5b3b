import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ToolDef } from '@agent-course/core';
import { loadDayManifest } from '@agent-course/course';
import { KIT_ROOT } from '../../../beside-lab/kit-paths';
import { grepTool } from '../../../../../solutions/d3/src/tools/grep';
import { judgeInProcess } from '../../../judging/judge-in-process';
import * as driving from '../beside-lab/grep-description';
import { seeTool } from '../beside-lab/see-tools';
import * as check from './grep-description';
import { findGrepDescriptionProblem } from './grep-description';

const given = grepTool as unknown as ToolDef;
const withDescription = (description: string): ToolDef => ({ ...given, description });
const withParameters = (parameters: ToolDef['parameters']): ToolDef => ({ ...given, parameters });
/**
 * What the check finds wrong with a grep, seen as the check process would see it (see-tools.ts),
 * its parameters parsing arguments here.
 */
const problemOf = (tool: ToolDef) =>
  findGrepDescriptionProblem({
    tool: seeTool({ tool, labDir: KIT_ROOT }),
    accepts: async (args) => tool.parameters.safeParse(args).success,
  });
const described = {
  pattern: z.string().min(1).describe('RE2 expression'),
  include: z.string().optional().describe('a glob, e.g. "src/**/*.ts"'),
  limit: z.number().int().positive().max(500).optional().describe('default 50, at most 500'),
};

describe('the grep-description stretch check', () => {
  it("passes the solution's grep", async () => {
    expect(await problemOf(given)).toBeUndefined();
  });

  it("passes the solution's lab, driven through grep-description's driving part", async () => {
    const outcome = await judgeInProcess({
      check,
      driving,
      labDir: join(KIT_ROOT, 'solutions', 'd3'),
      scratchDir: KIT_ROOT,
      seed: 1,
    });
    expect(outcome.passed).toBe(true);
  });

  // Each mutant breaks one rule of the check and must be caught by it, naming the kind of mistake.
  it.each<[string, ToolDef, string]>([
    ['an empty description', withDescription(''), 'too-short'],
    [
      'a rambling description',
      withDescription(`${given.description} ${'x'.repeat(1_200)}`),
      'too-long',
    ],
    [
      'no output format',
      withDescription(given.description.replaceAll('path:line', 'a hit')),
      'no-output',
    ],
    [
      'no example',
      withDescription(given.description.replaceAll(/Example|e\.g\./gi, 'Like')),
      'no-example',
    ],
    [
      'no dialect',
      withDescription(given.description.replaceAll(/RE2|ripgrep/g, 'regex')),
      'no-dialect',
    ],
    ['no default limit', withDescription(given.description.replaceAll('50 ', 'some ')), 'no-limit'],
    ['a loose object', withParameters(z.object(described) as never), 'loose-schema'],
    [
      'a limit without a maximum',
      withParameters(
        z.strictObject({
          ...described,
          limit: z.number().int().positive().optional().describe('default 50, at most 500'),
        }) as never,
      ),
      'loose-schema',
    ],
    [
      'an empty pattern allowed',
      withParameters(
        z.strictObject({ ...described, pattern: z.string().describe('RE2') }) as never,
      ),
      'loose-schema',
    ],
    [
      'an undescribed include',
      withParameters(z.strictObject({ ...described, include: z.string().optional() }) as never),
      'undescribed-parameter',
    ],
    [
      'a limit that hides its bounds',
      withParameters(
        z.strictObject({ ...described, limit: described.limit.describe('how many') }) as never,
      ),
      'undescribed-parameter',
    ],
    ['a tool that writes', { ...given, readOnly: false }, 'loose-schema'],
  ])('fails %s', async (_case, tool, mistake) => {
    expect((await problemOf(tool))?.mistake).toBe(mistake);
  });

  it('has a hint in day.ts for every kind of mistake it reports, and none it never uses', async () => {
    const source = await readFile(
      join(KIT_ROOT, 'grader/src/days/d3/judging/grep-description.ts'),
      'utf8',
    );
    const reported = [
      ...new Set(
        [...source.matchAll(/'([a-z]+(?:-[a-z]+)+)',?\n?\s*\)/g)].map((match) => match[1]!),
      ),
    ];
    const manifest = await loadDayManifest({
      dayDir: join(KIT_ROOT, 'labs', 'd3'),
      shown: 'labs/d3',
    });
    if (!manifest.ok) throw new Error(manifest.error);
    const stretch = manifest.value.stretch?.find((check) => check.id === 'grep-description');
    const declared = Object.keys(stretch?.hints ?? {}).filter((key) => key !== 'default');
    expect(reported.sort()).toEqual(declared.sort());
  });
});
