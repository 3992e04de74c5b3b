// The root README's table of released days, generated from their manifests between two markers, so
// the student section fits every day without naming one: which page to read, what the untouched
// starter scores and what full marks are. `pnpm starter` (any day) writes it into both READMEs;
// `pnpm course check` fails when one is out of date.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type DayManifest, findDays } from '@agent-course/course';
import { renderMarkdownTable } from './render-markdown-table';

export const DAYS_TABLE_BEGIN =
  "<!-- days: generated from each released day's day.ts by `pnpm starter`; do not edit -->";
export const DAYS_TABLE_END = '<!-- end of days -->';

/** The root READMEs, each with its own lesson page file and its table's headings. */
const ROOT_PAGES = [
  {
    file: 'README.md',
    lessonPage: 'README.md',
    headings: ['Day', 'What it builds', 'Lesson page', 'The untouched starter', 'Full marks'],
  },
  {
    file: 'README.zh-CN.md',
    lessonPage: 'README.zh-CN.md',
    headings: ['天', '做什么（英文）', '课程页面', '未改动的起始代码', '满分'],
  },
] as const;

/** One row per released day, in day order; a draft is left out until it is released. */
export function renderDaysTable(
  manifests: DayManifest[],
  page: (typeof ROOT_PAGES)[number] = ROOT_PAGES[0],
): string {
  const rows = manifests
    .filter((manifest) => !manifest.draft)
    .map((manifest) => {
      const link = `labs/${manifest.id}/${page.lessonPage}`;
      const full = `${manifest.checks.length}/${manifest.checks.length}`;
      return [
        `\`${manifest.id}\``,
        manifest.title.replaceAll('|', '\\|'),
        `[${link}](${link})`,
        `${manifest.starterScore}/${manifest.checks.length}`,
        full,
      ];
    });
  return renderMarkdownTable({ headings: [...page.headings], rows }).join('\n');
}

/**
 * Brings the days table of both root READMEs in line with the solutions' manifests (or, with
 * `write` false, only reports the ones that differ). A kit without a root README has nothing to
 * keep; a README without the markers is reported.
 */
export async function syncDaysTables({
  root,
  write,
  onWrite,
}: {
  root: string;
  write: boolean;
  /** Told each README rewritten. */
  onWrite?: (file: string) => void;
}): Promise<Array<{ path: string; reason: string }>> {
  const pages = await Promise.all(
    ROOT_PAGES.map(async (page) => ({
      page,
      readme: await readFile(path.join(root, page.file), 'utf8').catch(() => undefined),
    })),
  );
  if (pages.every(({ readme }) => readme === undefined)) return [];
  const found = await findDays({ root, parent: 'solutions' });
  // A manifest that does not load is reported by its own day's check; the table waits for it.
  if (found.some((day) => !day.manifest.ok)) return [];
  const manifests = found.flatMap((day) => (day.manifest.ok ? [day.manifest.value] : []));
  const stale: Array<{ path: string; reason: string }> = [];
  for (const { page, readme } of pages) {
    if (readme === undefined) continue;
    const readmePath = path.join(root, page.file);
    const begin = readme.indexOf(DAYS_TABLE_BEGIN);
    const end = readme.indexOf(DAYS_TABLE_END);
    if (begin < 0 || end < begin) {
      stale.push({
        path: page.file,
        reason: `has no days table; put the two lines \`${DAYS_TABLE_BEGIN}\` and \`${DAYS_TABLE_END}\` where it belongs, then run \`pnpm starter\``,
      });
      continue;
    }
    const table = renderDaysTable(manifests, page);
    const text = `${readme.slice(0, begin + DAYS_TABLE_BEGIN.length)}\n\n${table}\n\n${readme.slice(end)}`;
    if (text === readme) continue;
    if (write) {
      await writeFile(readmePath, text);
      onWrite?.(page.file);
    } else
      stale.push({
        path: page.file,
        reason: "its days table differs from the released days' day.ts; run `pnpm starter <day>`",
      });
  }
  return stale;
}
