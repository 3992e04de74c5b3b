// The lesson page's exercise table, generated from the day's manifest between two markers, so the
// page can never disagree with the TODOs and the grader. `pnpm starter dN` writes it into both
// READMEs (the lab's is otherwise its own); `pnpm course check` fails when either is out of date.
import type { DayManifest } from '@agent-course/course';
import { renderMarkdownTable } from './render-markdown-table';

export const TABLE_BEGIN =
  '<!-- exercises: generated from day.ts by `pnpm starter`; do not edit -->';
export const TABLE_END = '<!-- end of exercises -->';

/** The table in Markdown: each exercise, its file, its task and the checks that grade it. */
export function renderExerciseTable(manifest: DayManifest): string {
  const rows = manifest.exercises.map((exercise) => {
    const checks = manifest.checks
      .filter((check) => check.exercise === exercise.number)
      .map((check) => `\`${check.id}\``)
      .join(', ');
    return [`TODO(${exercise.number})`, `\`${exercise.file}\``, escapeCell(exercise.task), checks];
  });
  return renderMarkdownTable({ headings: ['Exercise', 'File', 'Task', 'Checks'], rows }).join('\n');
}

export type ReplaceTableResult = { ok: true; text: string } | { ok: false; error: string };

/** The README with the text between the markers replaced by `table`; an error when a marker is missing. */
export function replaceExerciseTable({
  readme,
  table,
}: {
  readme: string;
  table: string;
}): ReplaceTableResult {
  const begin = readme.indexOf(TABLE_BEGIN);
  const end = readme.indexOf(TABLE_END);
  if (begin < 0 || end < begin) {
    return {
      ok: false,
      error: `has no exercise table; put the two lines \`${TABLE_BEGIN}\` and \`${TABLE_END}\` where it belongs, then run \`pnpm starter\``,
    };
  }
  const text = `${readme.slice(0, begin + TABLE_BEGIN.length)}\n\n${table}\n\n${readme.slice(end)}`;
  return { ok: true, text };
}

function escapeCell(text: string): string {
  return text.replaceAll('|', '\\|');
}
