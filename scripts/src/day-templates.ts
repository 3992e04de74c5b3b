// The files `pnpm new-day` writes for a new day, from scripts/templates/new-day: a draft manifest,
// the smallest solution with one exercise and a command line, its lesson page in English and in
// Chinese, and one placeholder check that fails until the day's checks exist. In the templates'
// paths and text, DAY_ID stands for the day (`d5`) and DAY_NUMBER for its number (`5`): both are
// plain identifiers, so the templates stay valid TypeScript, JSON and Markdown that tools can read.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastGlob from 'fast-glob';
import type { DayPaths } from './day-paths';
import { REPO_ROOT } from './repo-root';

/** Where the templates are: paths under it are repository-relative, with DAY_ID for the day. */
const NEW_DAY_TEMPLATES = path.join(REPO_ROOT, 'scripts', 'templates', 'new-day');

/**
 * Words of the scaffold that a released day must have replaced: `pnpm course check` fails a day
 * that is no longer a draft while any of them is still in its manifest, package.json or pages.
 */
export const SCAFFOLD_PHRASES = [
  'describe the day in one line',
  'describe the day in a few words',
  'A few sentences on how to do it',
  "The student's page: what the day builds",
  "placeholder: return 'done'",
  '占位：返回',
  '这里写给学生的页面',
];

/** Repository-relative path → text, for every file of a new day except its generated lab. */
export async function dayTemplates(paths: DayPaths): Promise<Record<string, string>> {
  const fill = (text: string) =>
    text.replaceAll('DAY_ID', paths.day).replaceAll('DAY_NUMBER', String(paths.number));
  const files = await fastGlob('**/*', { cwd: NEW_DAY_TEMPLATES, dot: true });
  const templates: Record<string, string> = {};
  for (const file of files.sort()) {
    templates[fill(file)] = fill(await readFile(path.join(NEW_DAY_TEMPLATES, file), 'utf8'));
  }
  return templates;
}
