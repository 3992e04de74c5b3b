// The figures a lesson page quotes, written into it from the day's manifest: each sits between
// `<!-- figure NAME -->` and `<!-- /figure -->`, and `pnpm starter` rewrites what is between the
// two, so a page states a number without anyone typing it twice. `pnpm course check` fails when a
// page is out of date and measures every figure on the solution (measure-figures.ts).
import type { DayManifest, Figure } from '@agent-course/course';
import type { LessonPage } from './exercise-table';

/** One figure in a page; its text stays on one line so a reflowed paragraph cannot split it. */
const FIGURE_MARKER = /<!-- figure ([^\s>]+) -->([^\n]*?)<!-- \/figure -->/g;

/** How a list of numbers reads in each language. */
const LIST_SEPARATOR: Record<LessonPage['language'], string> = { en: ', ', 'zh-CN': '、' };

/** The day's figures by name: the manifest's own, and the scores worked out from its checks. */
export function dayFigures(manifest: DayManifest): Record<string, Figure> {
  const checks = manifest.checks.length;
  return {
    ...manifest.figures,
    'starter-score': `${manifest.starterScore}/${checks}`,
    'full-score': `${checks}/${checks}`,
  };
}

/** A figure as a page shows it: numbers grouped in thousands (8,054), lists in the page's language. */
export function formatFigure(figure: Figure, language: LessonPage['language']): string {
  const number = (value: number) => value.toLocaleString('en-US');
  if (typeof figure === 'number') return number(figure);
  if (typeof figure === 'string') return figure;
  return figure.map(number).join(LIST_SEPARATOR[language]);
}

export type FillFiguresResult = { ok: true; text: string } | { ok: false; errors: string[] };

/** The page with every figure's text rewritten from `figures`; an error for each name it lacks. */
export function fillFigures({
  text,
  figures,
  language,
  manifestFile,
}: {
  text: string;
  figures: Record<string, Figure>;
  language: LessonPage['language'];
  /** Where the figures are declared, for messages, e.g. `solutions/d3/day.ts`. */
  manifestFile: string;
}): FillFiguresResult {
  const errors: string[] = [];
  const filled = text.replace(FIGURE_MARKER, (marker, name: string) => {
    const figure = figures[name];
    if (figure === undefined) {
      errors.push(
        `quotes figure "${name}", which ${manifestFile} does not have; add it to figures there, or use one of: ${Object.keys(figures).join(', ')}`,
      );
      return marker;
    }
    return `<!-- figure ${name} -->${formatFigure(figure, language)}<!-- /figure -->`;
  });
  return errors.length > 0 ? { ok: false, errors } : { ok: true, text: filled };
}
