// The English and Chinese lesson pages are one page in two languages: the same sections in the
// same order, and the same code, commands and page-test comments, byte for byte. A section the
// English page marks `<!-- english only: <reason> -->` (under its heading) is left out of the
// comparison, with everything under it: the root README keeps its instructors' sections in English.
import { parseLessonPage } from './parse-lesson-page';

/** Every way `translated` departs from `original`'s structure, as messages naming what to fix. */
export function comparePageStructure({
  original,
  translated,
  names,
}: {
  original: string;
  translated: string;
  /** How to call the two pages in messages, e.g. the two paths. */
  names: [string, string];
}): string[] {
  const [first, second] = [
    parseLessonPage(withoutEnglishOnlySections(original)),
    parseLessonPage(translated),
  ];
  const problems: string[] = [];
  const levels = (page: typeof first) => page.headings.map((heading) => '#'.repeat(heading.level));
  if (levels(first).join(' ') !== levels(second).join(' ')) {
    problems.push(
      `${names[1]} has ${second.headings.length} headings where ${names[0]} has ${first.headings.length}, or at other levels; give it the same sections in the same order`,
    );
  }
  // Code in a heading (a file name, TODO(1)) is shared, so it must match section by section.
  const spans = (text: string) => [...text.matchAll(/`[^`]+`|TODO\(\d+\)/g)].join(' ');
  first.headings.forEach((heading, index) => {
    const other = second.headings[index];
    if (other && spans(heading.text) !== spans(other.text)) {
      problems.push(
        `heading ${index + 1}: "${heading.text}" and "${other.text}" name different code; keep the code in headings the same`,
      );
    }
  });
  if (first.codeBlocks.length !== second.codeBlocks.length) {
    problems.push(
      `${names[1]} has ${second.codeBlocks.length} code blocks where ${names[0]} has ${first.codeBlocks.length}; code is shared between the languages`,
    );
  }
  first.codeBlocks.forEach((block, index) => {
    const other = second.codeBlocks[index];
    if (!other) return;
    const same =
      block.language === other.language &&
      block.body === other.body &&
      block.directive?.source === other.directive?.source;
    if (!same) {
      problems.push(
        `code block ${index + 1} (${names[0]} line ${block.line}, ${names[1]} line ${other.line}) differs, or its page-test comment does; code, commands and figures are shared between the languages`,
      );
    }
  });
  return problems;
}

const ENGLISH_ONLY = /^<!--\s*english only:\s*\S.*-->$/;

/** The page without each section marked english only: its heading and all up to the next heading at its level or above. */
export function withoutEnglishOnlySections(text: string): string {
  const lines = text.split('\n');
  const kept: string[] = [];
  let fence: string | undefined;
  let droppingBelow: number | undefined;
  for (const [index, line] of lines.entries()) {
    const fenceMark = /^(```+)/.exec(line)?.[1];
    if (fence === undefined && fenceMark) fence = fenceMark;
    else if (fence !== undefined && line.startsWith(fence)) fence = undefined;
    const heading = fence === undefined ? /^(#{1,6})\s/.exec(line) : null;
    if (heading) {
      const level = heading[1]!.length;
      if (droppingBelow !== undefined && level <= droppingBelow) droppingBelow = undefined;
      if (droppingBelow === undefined && ENGLISH_ONLY.test(nextTextLine(lines, index + 1))) {
        droppingBelow = level;
      }
    }
    if (droppingBelow === undefined) kept.push(line);
  }
  return kept.join('\n');
}

function nextTextLine(lines: string[], from: number): string {
  return (
    lines
      .slice(from)
      .find((line) => line.trim() !== '')
      ?.trim() ?? ''
  );
}
