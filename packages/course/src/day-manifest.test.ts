import { describe, expect, it } from 'vitest';
import { DayManifest, MAX_TASK_CHARS } from './day-manifest';

const valid = {
  id: 'd5',
  title: 'a day',
  draft: false,
  start: 'src/main.ts',
  starterScore: 1,
  exercises: [
    { number: 1, file: 'src/a.ts', task: 'do a', details: 'how to do a' },
    { number: 2, file: 'src/b.ts', task: 'do b', details: 'how to do b' },
  ],
  checks: [
    { id: 'loads', title: 'loads', hints: { default: 'src/index.ts' } },
    {
      id: 'does-a',
      title: 'does a',

      exercise: 1,
      dependsOn: ['loads'],
      hints: { default: 'src/a.ts, TODO(1)', 'off-by-one': 'src/a.ts, TODO(1) — count from 0' },
    },
  ],
};

function withChineseTask(task: string) {
  return { ...valid.exercises[0], translations: { 'zh-CN': { task } } };
}

function issuesOf(manifest: unknown): string[] {
  const parsed = DayManifest.safeParse(manifest);
  return parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

describe('DayManifest', () => {
  it('accepts a day with exercises, checks and hints per kind of mistake', () => {
    expect(issuesOf(valid)).toEqual([]);
  });

  it('accepts an exercise with its task in Chinese for the Chinese lesson page', () => {
    const exercises = [withChineseTask('合并流式分片'), valid.exercises[1]];
    expect(issuesOf({ ...valid, exercises })).toEqual([]);
  });

  it.each([
    ['an id that is no day', { id: 'day5' }, 'id: d and a number, e.g. d3'],
    [
      'exercises out of order',
      { exercises: [valid.exercises[1], valid.exercises[0]] },
      'exercises.0.number: exercise 1 is numbered 2; number them 1, 2, 3…',
    ],
    [
      'a task over one line',
      { exercises: [{ ...valid.exercises[0], task: 'a\nb' }, valid.exercises[1]] },
      'exercises.0.task: one line',
    ],
    [
      'a task too long for the TODO line',
      {
        exercises: [
          { ...valid.exercises[0], task: 'x'.repeat(MAX_TASK_CHARS + 1) },
          valid.exercises[1],
        ],
      },
      'exercises.0.task: Too big',
    ],
    [
      'an exercise file outside src',
      { exercises: [{ ...valid.exercises[0], file: '../a.ts' }, valid.exercises[1]] },
      'exercises.0.file: a .ts file under src/',
    ],
    [
      'a check listed twice',
      { checks: [valid.checks[0], valid.checks[0]] },
      'checks.1.id: check "loads" is listed twice',
    ],
    [
      'a check depending on a check listed after it',
      { checks: [{ ...valid.checks[1], dependsOn: ['loads'] }, valid.checks[0]] },
      'checks.0.dependsOn: check "does-a" depends on "loads", which is not a check listed before it',
    ],
    [
      'a check depending on itself',
      { checks: [valid.checks[0], { ...valid.checks[1], dependsOn: ['does-a'] }] },
      'checks.1.dependsOn: check "does-a" depends on "does-a", which is not a check listed before it',
    ],
    [
      'a check depending on one that does not exist',
      { checks: [valid.checks[0], { ...valid.checks[1], dependsOn: ['loadz'] }] },
      'checks.1.dependsOn: check "does-a" depends on "loadz"',
    ],
    [
      'a check naming a missing exercise',
      { checks: [{ ...valid.checks[1], exercise: 3 }] },
      'checks.0.exercise: check "does-a" names exercise 3, which does not exist',
    ],
    [
      'a check without a default hint',
      { checks: [{ ...valid.checks[1], hints: { 'off-by-one': 'x' } }] },
      'checks.0.hints: needs a "default" hint',
    ],
    [
      'a baseline above the checks',
      { starterScore: 3 },
      'starterScore: starterScore 3 is more than the 2 checks',
    ],
    [
      'a day building on itself or a later day',
      { buildsOn: ['d3', 'd5'] },
      'buildsOn.1: d5 cannot build on d5, which is not an earlier day',
    ],
    [
      'a built-in figure declared',
      { figures: { 'full-score': '2/2' } },
      'figures.full-score: figure "full-score" is worked out from the checks; take it out of figures',
    ],
    [
      'a figure name not in kebab-case',
      { figures: { fedBack: 50 } },
      'figures.fedBack: figure "fedBack": name it in kebab-case, e.g. fed-back',
    ],
    ['an empty list of figures', { figures: { 'fed-back': [] } }, 'figures.fed-back'],
    ['an unknown field', { draftt: true }, 'Unrecognized key: "draftt"'],
    [
      'a Chinese task over one line',
      { exercises: [withChineseTask('合并\n分片'), valid.exercises[1]] },
      'exercises.0.translations.zh-CN.task: one line',
    ],
    [
      'an empty Chinese task',
      { exercises: [withChineseTask(''), valid.exercises[1]] },
      'exercises.0.translations.zh-CN.task: Too small',
    ],
    [
      'a Chinese task too long for the table',
      { exercises: [withChineseTask('长'.repeat(MAX_TASK_CHARS + 1)), valid.exercises[1]] },
      'exercises.0.translations.zh-CN.task: Too big',
    ],
    [
      'a language without a lesson page',
      {
        exercises: [
          { ...valid.exercises[0], translations: { zh: { task: '合并分片' } } },
          valid.exercises[1],
        ],
      },
      'Unrecognized key: "zh"',
    ],
  ])('refuses %s, saying where', (_name, change, expected) => {
    expect(issuesOf({ ...valid, ...change }).join('\n')).toContain(expected);
  });
});
