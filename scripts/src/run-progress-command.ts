// `pnpm progress`: where a student is in the course. Every released day with its title, the last
// score `pnpm grade` recorded for the kit's lab of that day (on this machine only), which earlier
// days it runs on (the kit's or the student's, `pnpm switch`), and the next thing to do.
import {
  findDays,
  type LastGrade,
  readLastGrades,
  readOwnDays,
  type DayManifest,
} from '@agent-course/course';
import { renderMarkdownTable } from './render-markdown-table';
import type { CommandContext } from './run-starter-command';

const USAGE = `usage: pnpm progress

Lists every released day: what it builds, your last score (what \`pnpm grade dN\` last printed for
labs/dN on this machine, kept in .course-progress.json, which git ignores and nothing sends
anywhere), which earlier days it runs on (\`pnpm switch\` changes them), and what to do next.`;

/** A last grade as the table shows it: `5/7 (2026-12-04 09:30)`, or that there is none. */
function shownScore(grade: LastGrade | undefined): string {
  if (!grade) return 'not graded yet';
  const at = grade.at.slice(0, 16).replace('T', ' ');
  return `${grade.score}/${grade.max} (${at} UTC)`;
}

/** The next step on `manifest`'s day, given its last grade. */
function nextStep(manifest: DayManifest, grade: LastGrade | undefined): string {
  const { id } = manifest;
  const day = `day ${id.slice(1)}`;
  if (!grade)
    return `${day}: read labs/${id}/README.md, watch the symptom with \`MOCK=1 pnpm start ${id}\`, then fill in its TODOs and run \`pnpm grade ${id}\``;
  return `${day}: \`pnpm grade ${id}\` names the first failing check and the TODO to look at (last ${grade.score}/${grade.max})`;
}

export async function runProgressCommand({ root, args, print }: CommandContext): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    print(USAGE);
    return 0;
  }
  if (args.length > 0) {
    print(`pnpm progress: it takes no arguments\n\n${USAGE}`);
    return 2;
  }
  const own = readOwnDays(root);
  if (!own.ok) {
    print(`pnpm progress: ${own.error}`);
    return 2;
  }
  const grades = readLastGrades(root);
  const released = (await findDays({ root, parent: 'labs' })).flatMap(({ manifest }) =>
    manifest.ok && !manifest.value.draft ? [manifest.value] : [],
  );
  if (released.length === 0) {
    print('pnpm progress: this kit has no released day in labs/ yet');
    return 2;
  }
  const rows = released.map((manifest) => {
    const earlier = (manifest.buildsOn ?? [])
      .map((day) => (own.value[day] === 'mine' ? `your ${day}` : `the kit's ${day}`))
      .join(', ');
    return [`\`${manifest.id}\``, manifest.title, shownScore(grades[manifest.id]), earlier || '—'];
  });
  print(
    renderMarkdownTable({
      headings: ['Day', 'What it builds', 'Last score', 'Runs on'],
      rows,
    }).join('\n'),
  );
  const unfinished = released.find((manifest) => {
    const grade = grades[manifest.id];
    return !grade || grade.score < grade.max;
  });
  print('');
  print(
    unfinished
      ? `Next, ${nextStep(unfinished, grades[unfinished.id])}.`
      : 'Every released day is at full marks. To run a later day on your own earlier ones: `pnpm switch`.',
  );
  return 0;
}
