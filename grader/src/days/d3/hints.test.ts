import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadDayManifest } from '@agent-course/course';
import { KIT_ROOT } from '../../beside-lab/kit-paths';
import { toolKey } from './judging/tool-key';

const DAY_DIR = join(KIT_ROOT, 'grader', 'src', 'days', 'd3');
const TOOL_NAMES = ['glob', 'grep', 'read_file'];

/**
 * The kinds of mistake a check's code can report, read from its judging part's source (and
 * judge-lab-run's, which judges how a run of the lab ended, for the checks that use it, and
 * judge-real-run's, for the check that judges the real run of the lab's command line, and
 * working-results', for the checks that judge what their working calls fed back).
 */
async function mistakesOf(checkId: string): Promise<string[]> {
  const source = await readFile(join(DAY_DIR, 'judging', `${checkId}.ts`), 'utf8');
  const helpers = [
    ...(source.includes('runLabCli(') ? ['judge-lab-run.ts'] : []),
    ...(source.includes('judgeRealRun(') ? ['../../../judging/judge-real-run.ts'] : []),
    ...(source.includes('judgeWorkingResults(') ? ['variants/working-results.ts'] : []),
  ];
  const texts = [
    source,
    ...(await Promise.all(helpers.map((file) => readFile(join(DAY_DIR, 'judging', file), 'utf8')))),
  ];
  return texts.flatMap((text) => [
    ...[...text.matchAll(/mistake: '([a-z0-9-]+)'/g)].map((match) => match[1]!),
    ...[...text.matchAll(/mistake: `\$\{toolKey\((?:[a-z]+\.)?name\)\}-([a-z0-9-]+)`/g)].flatMap(
      (match) => TOOL_NAMES.map((name) => `${toolKey(name)}-${match[1]}`),
    ),
  ]);
}

describe("day 3's hints", async () => {
  const manifest = await loadDayManifest({
    dayDir: join(KIT_ROOT, 'labs', 'd3'),
    shown: 'labs/d3',
  });
  if (!manifest.ok) throw new Error(manifest.error);

  it.each(manifest.value.checks.map((check) => [check.id, check]))(
    '%s has a hint in day.ts for every kind of mistake its code reports, and no hint it never uses',
    async (_id, check) => {
      const reported = [...new Set(await mistakesOf(check.id))].sort();
      const declared = Object.keys(check.hints)
        .filter((key) => key !== 'default')
        .sort();
      expect(reported).toEqual(declared);
    },
  );
});
