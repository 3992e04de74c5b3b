// The figures day 3's lesson pages and the root README quote, as claims a test can hold to the
// code: each claim is a pattern in the page's own wording whose numbers must equal what a real run,
// the grader or the solution's truncation produced. A claim that no longer matches anything is reported too, so a
// reworded sentence cannot drop out of the check unnoticed.

/** What the code actually does, measured by the test (never copied from the page). */
export interface CourseFacts {
  /** Characters the offline run feeds back per tool call, in order (glob, grep, read_file). */
  fedBack: number[];
  /** The tool results' share of the resent conversation after each turn, repeats removed. */
  toolShare: number[];
  /** The input length the truncation claims are measured at (the course's 20,000). */
  truncationInput: number;
  /** What `truncationInput` characters are cut to. */
  truncatedChars: number;
  /** How many characters that cut removes. */
  cutChars: number;
  /** The length of the note put where the cut was. */
  noteChars: number;
  /** The result cap, MAX_RESULT_CHARS. */
  maxResultChars: number;
  /** The untouched starter's score, e.g. `2/7`. */
  starterScore: string;
  /** The solution's score, e.g. `7/7`. */
  solutionScore: string;
}

export type PageLanguage = 'en' | 'zh-CN';

export interface Claim {
  /** What the claim says, for messages. */
  name: string;
  /** Where the figures are; each capture group is one figure. */
  pattern: RegExp;
  /** The figures the captures must equal, from the facts. */
  expected: (facts: CourseFacts) => Array<number | string>;
}

const N = String.raw`(\d[\d,]*)`;
const SCORE = String.raw`(\d+/\d+)`;

const fedBack = (facts: CourseFacts) => facts.fedBack;
const truncation = (facts: CourseFacts) => [facts.truncationInput, facts.truncatedChars];
const sum = (facts: CourseFacts) => [facts.maxResultChars, facts.noteChars, facts.truncatedChars];

/** Claims in the shared code blocks, so on every page. */
const SHARED_CLAIMS: Claim[] = [
  {
    name: 'the starter score in `pnpm grade` comment',
    pattern: new RegExp(`starter scores ${SCORE}`, 'g'),
    expected: (facts) => [facts.starterScore],
  },
  {
    name: 'the goal score in `pnpm grade` comment',
    pattern: new RegExp(`goal is ${SCORE}`, 'g'),
    expected: (facts) => [facts.solutionScore],
  },
];

/** What a day's lesson page (labs/dN/README*.md) claims, in each language's wording. */
export const LESSON_PAGE_CLAIMS: Record<PageLanguage, Claim[]> = {
  en: [
    ...SHARED_CLAIMS,
    {
      name: 'characters fed back',
      pattern: new RegExp(`feed(?:ing)? back ${N}, ${N},? (?:and )?${N} characters`, 'g'),
      expected: fedBack,
    },
    {
      name: 'the tool share of the resent conversation',
      pattern: new RegExp(`tool share climbs ${N}, ${N}, ${N}`, 'g'),
      expected: (facts) => facts.toolShare,
    },
    {
      name: 'what a long result is cut to',
      pattern: new RegExp(`${N}(?: characters become|-character result is cut to) ${N}`, 'g'),
      expected: truncation,
    },
    {
      name: 'how many characters are cut',
      pattern: new RegExp(`${N} (?:were|are) cut`, 'g'),
      expected: (facts) => [facts.cutChars],
    },
    {
      name: 'what the truncation check expects',
      pattern: new RegExp(`expecting ${N}`, 'g'),
      expected: (facts) => [facts.truncatedChars],
    },
    {
      name: 'the length of the note',
      pattern: new RegExp(`note is ${N} characters`, 'g'),
      expected: (facts) => [facts.noteChars],
    },
    {
      name: 'the cap plus the note',
      pattern: new RegExp(`${N} \\+ ${N} = ${N}`, 'g'),
      expected: sum,
    },
    {
      name: 'the self-test score',
      pattern: new RegExp(`prints ${SCORE} passed`, 'g'),
      expected: (facts) => [facts.solutionScore],
    },
    {
      name: 'the score to reach',
      pattern: new RegExp(`lab grades ${SCORE}`, 'g'),
      expected: (facts) => [facts.solutionScore],
    },
  ],
  'zh-CN': [
    ...SHARED_CLAIMS,
    {
      name: 'characters fed back',
      pattern: new RegExp(`回传 ${N}、${N}、${N} 个字符`, 'g'),
      expected: fedBack,
    },
    {
      name: 'the tool share of the resent conversation',
      pattern: new RegExp(`依次涨到 ${N}、${N}、${N}`, 'g'),
      expected: (facts) => facts.toolShare,
    },
    {
      name: 'what a long result is cut to',
      pattern: new RegExp(`${N} 字符(?:变成|的结果被截成) ${N}`, 'g'),
      expected: truncation,
    },
    {
      name: 'how many characters are cut',
      pattern: new RegExp(`删掉了? ${N}`, 'g'),
      expected: (facts) => [facts.cutChars],
    },
    {
      name: 'what the truncation check expects',
      pattern: new RegExp(`期望的是 ${N}`, 'g'),
      expected: (facts) => [facts.truncatedChars],
    },
    {
      name: 'the length of the note',
      pattern: new RegExp(`说明本身是 ${N} 个字符`, 'g'),
      expected: (facts) => [facts.noteChars],
    },
    {
      name: 'the cap plus the note',
      pattern: new RegExp(`${N} \\+ ${N} = ${N}`, 'g'),
      expected: sum,
    },
    {
      name: 'the self-test score',
      pattern: new RegExp(`打印 ${SCORE} passed`, 'g'),
      expected: (facts) => [facts.solutionScore],
    },
    {
      name: 'the score to reach',
      pattern: new RegExp(`得分 ${SCORE}`, 'g'),
      expected: (facts) => [facts.solutionScore],
    },
  ],
};

/** The grader's closing line for a score, e.g. `7 passed, 0 failed` for 7/7. */
const passedLine = (score: string) => {
  const [passed, max] = score.split('/').map(Number);
  return [passed!, max! - passed!];
};
const PASSED_LINE = '`(\\d+) passed, (\\d+) failed`';

/** What the root README (README.md, README.zh-CN.md) claims of the day it teaches with. */
export const README_CLAIMS: Record<PageLanguage, Claim[]> = {
  // The scores of every released day are in the READMEs' generated days table (days-table.ts).
  en: [
    {
      name: "the set-up's last line",
      pattern: new RegExp(`end with ${PASSED_LINE}`, 'g'),
      expected: (facts) => passedLine(facts.solutionScore),
    },
  ],
  'zh-CN': [
    {
      name: "the set-up's last line",
      pattern: new RegExp(`应该输出 ${PASSED_LINE}`, 'g'),
      expected: (facts) => passedLine(facts.solutionScore),
    },
  ],
};

/** Every figure on the page that disagrees with the facts, and every claim the page no longer makes. */
export function checkPageClaims({
  text,
  claims,
  facts,
}: {
  text: string;
  /** The claims the page makes, e.g. `LESSON_PAGE_CLAIMS['zh-CN']`. */
  claims: Claim[];
  facts: CourseFacts;
}): string[] {
  const problems: string[] = [];
  // Line breaks inside a paragraph must not hide a claim from its pattern.
  const flat = text.replace(/\s*\n\s*/g, ' ');
  for (const claim of claims) {
    const expected = claim.expected(facts).map(String);
    let found = 0;
    for (const match of flat.matchAll(claim.pattern)) {
      found++;
      const got = match.slice(1).map((figure) => figure.replaceAll(',', ''));
      if (got.join(' ') !== expected.join(' ')) {
        problems.push(
          `${claim.name}: the page says "${match[0]}", but the code gives ${expected.join(', ')}`,
        );
      }
    }
    if (found === 0) {
      problems.push(
        `${claim.name}: no sentence matches ${claim.pattern}; reword the page or update page-claims.ts`,
      );
    }
  }
  return problems;
}
