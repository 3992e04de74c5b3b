import { defineDay } from '@agent-course/course';

// Day 2's manifest: its exercises, its checks and their hints, its starter's score.
// A draft until its checks are written and the solution scores full marks.
export default defineDay({
  id: 'd2',
  title: 'describe the day in a few words',
  draft: true,
  start: 'src/main.ts',
  // The earlier days it runs on through their finished packages, each with its
  // @agent-course/finished-dN in package.json's dependencies (pnpm course check holds the two
  // together). Every day after day 1 reads the model's stream with day 1's finished reader.
  buildsOn: ['d1'],
  starterScore: 0,
  exercises: [
    {
      number: 1,
      file: 'src/placeholder.ts',
      task: "placeholder: return 'done' (replace with the day's first exercise)",
      details:
        'A few sentences on how to do it: they are written under the TODO line in the starter ' +
        'and shown with the exercise on the lesson page.',
      translations: { 'zh-CN': { task: "占位：返回 'done'（换成这一天的第一个练习）" } },
    },
  ],
  checks: [
    {
      id: 'placeholder',
      title: 'placeholder: the day has no checks yet',
      exercise: 1,
      hints: {
        default:
          "src/placeholder.ts, TODO(1) — instructors: write the day's checks in grader/src/days/d2/judging/ and beside-lab/, and list them in their index.ts and solutions/d2/day.ts",
      },
    },
  ],
});
