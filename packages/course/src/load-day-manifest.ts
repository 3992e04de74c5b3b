import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { DAY_ID, DayManifest } from './day-manifest';

/** The manifest's file name inside a day's folder. */
export const MANIFEST_FILE = 'day.ts';

/** Schema issues quoted when a manifest is malformed; the first few say enough. */
const SHOWN_ISSUES = 5;

export type LoadDayManifestResult = { ok: true; value: DayManifest } | { ok: false; error: string };

/** Imports a module by its path; what loads a manifest unless a caller brings its own. */
export type ImportModule = (file: string) => Promise<unknown>;

const importByPath: ImportModule = (file) => import(pathToFileURL(file).href);

/**
 * Imports `<dayDir>/day.ts` and validates its default export. The caller must run under a
 * TypeScript loader (tsx or vitest), as the kit's commands do, or bring `importModule` (the compiled
 * grader imports each manifest's compiled twin). `shown` names the folder in messages, so no
 * absolute machine path reaches a user.
 */
export async function loadDayManifest(options: {
  dayDir: string;
  shown: string;
  importModule?: ImportModule;
}): Promise<LoadDayManifestResult> {
  const file = path.join(options.dayDir, MANIFEST_FILE);
  const shownFile = `${options.shown}/${MANIFEST_FILE}`;
  if (!existsSync(file)) return { ok: false, error: `${shownFile} does not exist` };
  let exported: unknown;
  try {
    const importModule = options.importModule ?? importByPath;
    exported = ((await importModule(file)) as { default?: unknown }).default;
  } catch (error) {
    // The first line says what failed; one ending in a colon ("Transform failed with 1 error:")
    // needs the next to say why. The day is named by `shown`, never by the machine's path.
    const lines = (error instanceof Error ? error.message : String(error)).split('\n');
    const said = lines[0]?.trimEnd().endsWith(':') ? lines.slice(0, 2).join(' ') : (lines[0] ?? '');
    const reason = said.split(options.dayDir).join(options.shown);
    return { ok: false, error: `${shownFile} does not load: ${reason}` };
  }
  const parsed = DayManifest.safeParse(exported);
  if (!parsed.success) {
    const { issues } = parsed.error;
    const shown = issues
      .slice(0, SHOWN_ISSUES)
      .map((issue) => `${issue.path.join('.') || 'default export'}: ${issue.message}`);
    const more = issues.length > SHOWN_ISSUES ? ` (+${issues.length - SHOWN_ISSUES} more)` : '';
    return {
      ok: false,
      error: `${shownFile} is not a day manifest (export default defineDay({...})): ${shown.join('; ')}${more}`,
    };
  }
  const folder = path.basename(options.dayDir);
  if (parsed.data.id !== folder) {
    return {
      ok: false,
      error: `${shownFile} declares id "${parsed.data.id}"; it must be "${folder}"`,
    };
  }
  return { ok: true, value: parsed.data };
}

/** One day found on disk. */
export interface FoundDay {
  /** The day's id, e.g. `d3`. */
  id: string;
  /** `<parent>/<id>`, relative to the root. */
  relativeDir: string;
  /** The manifest, or why it could not be read. */
  manifest: LoadDayManifestResult;
}

/**
 * Every `<root>/<parent>/dN/day.ts` (parent `labs` or `solutions`), in day order. Days are found
 * here, never listed by hand: a day exists the moment its manifest does.
 */
export async function findDays(options: {
  root: string;
  parent: 'labs' | 'solutions';
  importModule?: ImportModule;
  /** Load only this day's manifest (a process that needs one day need not load them all). */
  only?: string;
}): Promise<FoundDay[]> {
  const parentDir = path.join(options.root, options.parent);
  const entries = await readdir(parentDir, { withFileTypes: true }).catch(() => []);
  const ids = entries
    .filter((entry) => entry.isDirectory() && DAY_ID.test(entry.name))
    .filter((entry) => options.only === undefined || entry.name === options.only)
    .filter((entry) => existsSync(path.join(parentDir, entry.name, MANIFEST_FILE)))
    .map((entry) => entry.name)
    .sort((left, right) => Number(left.slice(1)) - Number(right.slice(1)));
  return Promise.all(
    ids.map(async (id) => {
      const relativeDir = `${options.parent}/${id}`;
      const manifest = await loadDayManifest({
        dayDir: path.join(parentDir, id),
        shown: relativeDir,
        ...(options.importModule ? { importModule: options.importModule } : {}),
      });
      return { id, relativeDir, manifest };
    }),
  );
}

/** The day `pnpm start` runs without a name: the last one that is not a draft, else the last. */
export function latestDay<T extends { manifest: LoadDayManifestResult }>(days: T[]): T | undefined {
  const released = days.filter((day) => day.manifest.ok && !day.manifest.value.draft);
  return released.at(-1) ?? days.at(-1);
}
