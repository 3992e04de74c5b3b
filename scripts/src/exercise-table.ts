// The lesson page's exercise table, generated from the day's manifest between two markers, so the
// page can never disagree with the TODOs and the grader. `pnpm starter dN` writes it into every
// lesson page of the solution and the lab (the lab's are otherwise its own); `pnpm course check`
// fails when one is out of date.
import type { DayManifest } from '@agent-course/course';
import { renderMarkdownTable } from './render-markdown-table';

export const TABLE_BEGIN =
  '<!-- exercises: generated from day.ts by `pnpm starter`; do not edit -->';
export const TABLE_END = '<!-- end of exercises -->';

/**
 * A day's lesson pages, one per language, each with the headings of its exercise table. The
 * Chinese page's task column shows each exercise's `translations['zh-CN'].task`.
 */
export const LESSON_PAGES = [
  { file: 'README.md', language: 'en', headings: ['Exercise', 'File', 'Task', 'Checks'] },
  { file: 'README.zh-CN.md', language: 'zh-CN', headings: ['练习', '文件', '任务', '对应检查'] },
] as const;

/** One lesson page: its file, its language and its table's headings. */
export type LessonPage = (typeof LESSON_PAGES)[number];

/**
 * The table in Markdown: each exercise, its file, its task in the page's language and the checks
 * that grade it. An exercise without a task in that language shows its English task, the sentence
 * its TODO comment repeats (`pnpm course check` requires the translation of a released day).
 */
export function renderExerciseTable(
  manifest: DayManifest,
  page: LessonPage = LESSON_PAGES[0],
): string {
  const rows = manifest.exercises.map((exercise) => {
    const checks = manifest.checks
      .filter((check) => check.exercise === exercise.number)
      .map((check) => `\`${check.id}\``)
      .join(', ');
    const task =
      page.language === 'en'
        ? exercise.task
        : (exercise.translations?.[page.language]?.task ?? exercise.task);
    return [`TODO(${exercise.number})`, `\`${exercise.file}\``, escapeCell(task), checks];
  });
  return renderMarkdownTable({ headings: [...page.headings], rows }).join('\n');
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
