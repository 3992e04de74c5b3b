import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTempRoot } from './create-temp-root';
import { planStart } from './plan-start';
import { testDayManifest } from './test-day-manifest';

const day = (id: string, draft = false) =>
  testDayManifest({ id, files: ['src/a.ts'], overrides: { draft, start: 'src/main.ts' } });

describe('planStart', () => {
  it('starts the latest released day by default, passing every argument on', async () => {
    const root = await createTempRoot({
      'labs/d3/day.ts': day('d3'),
      'labs/d4/day.ts': day('d4'),
      'labs/d10/day.ts': day('d10', true),
    });
    expect(await planStart({ root, args: ['why are the tests red?', '--max-turns', '3'] })).toEqual(
      {
        ok: true,
        value: {
          day: 'd4',
          directory: path.join(root, 'labs/d4'),
          entry: 'src/main.ts',
          args: ['why are the tests red?', '--max-turns', '3'],
        },
      },
    );
  });

  it('starts the day named first, a draft included, and passes on the rest', async () => {
    const root = await createTempRoot({
      'labs/d3/day.ts': day('d3'),
      'labs/d4/day.ts': day('d4', true),
    });
    const planned = await planStart({ root, args: ['d4', '--help'] });
    expect(planned.ok && [planned.value.day, planned.value.args]).toEqual(['d4', ['--help']]);
    const third = await planStart({ root, args: ['d3'] });
    expect(third.ok && [third.value.day, third.value.args]).toEqual(['d3', []]);
  });

  it('asked for help, says first what the root adds: the optional day, the days there are, the default', async () => {
    const root = await createTempRoot({
      'labs/d3/day.ts': day('d3'),
      'labs/d4/day.ts': day('d4', true),
    });
    const expected = [
      'From the repository root: pnpm start [day] [question] [options]',
      '  day    one of d3, d4 (draft); without it, the latest released day (d3)',
      "The options below are d3's own; inside labs/d3, `pnpm start` takes them without a day.",
      '',
    ];
    const bare = await planStart({ root, args: ['--help'] });
    expect(bare.ok && bare.value).toMatchObject({ day: 'd3', args: ['--help'], help: expected });
    const short = await planStart({ root, args: ['d4', '-h'] });
    expect(short.ok && short.value.help?.[2]).toBe(
      "The options below are d4's own; inside labs/d4, `pnpm start` takes them without a day.",
    );
    // A question that merely mentions help is a question.
    const question = await planStart({ root, args: ['what does --help print?'] });
    expect(question.ok && question.value.help).toBeUndefined();
  });

  it('names the days that exist when the day asked for does not', async () => {
    const root = await createTempRoot({ 'labs/d3/day.ts': day('d3') });
    expect(await planStart({ root, args: ['d9'] })).toEqual({
      ok: false,
      error: 'there is no labs/d9/day.ts; the days are: d3',
    });
  });

  it('says how to begin when there is no day at all', async () => {
    expect(await planStart({ root: await createTempRoot({}), args: [] })).toEqual({
      ok: false,
      error: 'there is no day to start yet; create one with `pnpm new-day d1`',
    });
  });
});
