import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { groupDigits } from '@agent-course/core';
import { sandboxFiles } from '@agent-course/sandbox';
import type { ToolResult } from '@agent-course/core';
import { z } from 'zod';
import { blameFirstThrow } from '../../../judging/blame-first-throw';
import { handOverFolder } from '../../../lab-files/student-folders';
import type { Drive, JudgeContext, CheckOutcome } from '../../../judging/check';
import { ToolResultSeen, ToolThrowSeen } from '../../../beside-lab/observations';
import { readAnswer } from '../../../judging/read-answer';
import { shortenText } from '../../../reporting/shorten-text';
import { nonRepetitiveText } from './non-repetitive-text';
import { createRandom } from '../../../judging/create-random';
import {
  createTruncationVariants,
  hasLoneSurrogate,
  MAX_NOTE_CHARS,
  type TruncationVariant,
} from './variants/truncation-variant';

// The day's numbers: a 20,000-character result keeps 4,800 + 3,200 characters plus a 54-character note.
const LONG_CHARS = 20_000;
const EXPECTED_CHARS = 8_054;
const CUT_CHARS = 12_000;
const HEAD_CHARS = 4_800;
const TAIL_CHARS = 3_200;
const SHORT_CHARS = 8_000;

/**
 * Check 6: long results are cut in the middle to a known size; short ones pass untouched. The
 * chapter's 20,000 characters come first, then lengths generated from the seed.
 */
export async function judge({ drive, scratchDir, seed }: JudgeContext): Promise<CheckOutcome> {
  const truncate = async (result: ToolResult) =>
    readAnswer({
      answer: await drive('truncate', { result }),
      schema: ToolResultSeen,
      what: "truncateResult's result",
    });
  const fixed = await checkDirectly(truncate);
  if (fixed) return fixed;
  for (const variant of createTruncationVariants(createRandom({ seed, salt: 'truncation' }))) {
    const failure = checkVariant({ variant, got: await truncate(structuredClone(variant.result)) });
    if (failure) return failure;
  }
  return checkThroughRegistry({ drive, scratchDir });
}

/**
 * One generated result: within budget it comes back unchanged; over it, the head and tail computed
 * from its text are kept exactly around a short note giving the cut count, and meta says so while
 * keeping the meta the result already had.
 */
function checkVariant({
  variant,
  got,
}: {
  variant: TruncationVariant;
  /** What the lab's truncateResult returned for the variant's result. */
  got: ToolResultSeen;
}): CheckOutcome | undefined {
  const { label, result, cut } = variant;
  const transcript = [
    `truncateResult(${label}) → ${got.content.length} chars, meta ${JSON.stringify(got.meta ?? {})}`,
  ];
  const fail = failing({ transcript, label });
  if (!cut) {
    if (JSON.stringify(got) === JSON.stringify(result)) return undefined;
    return fail(
      'the result returned unchanged',
      `${groupDigits(got.content.length)} characters, ${describeMeta(got.meta)}`,
    );
  }
  const content = got.content;
  const note = content.slice(cut.head.length, content.length - cut.tail.length);
  const keptEnds = content.startsWith(cut.head) && content.endsWith(cut.tail);
  if (!keptEnds || note.length === 0 || note.length > MAX_NOTE_CHARS) {
    return fail(
      `the first ${groupDigits(cut.head.length)} and the last ${groupDigits(cut.tail.length)} characters kept exactly, with a note of at most ${MAX_NOTE_CHARS} characters between them`,
      `${groupDigits(content.length)} characters${keptEnds ? `, a ${groupDigits(note.length)}-character note` : ' whose ends differ from the original'}`,
    );
  }
  if (hasLoneSurrogate(content)) {
    return {
      ...fail(
        'no half of an emoji left at a cut (a pair the cut would split is left out whole)',
        'half of an emoji (a lone surrogate) in the kept text',
      ),
      mistake: 'split-emoji',
    };
  }
  if (!mentionsCount({ text: note, value: cut.cutChars })) {
    return fail(
      `the note to say ${groupDigits(cut.cutChars)} character${cut.cutChars === 1 ? ' was' : 's were'} cut`,
      `the note ${JSON.stringify(note)}`,
    );
  }
  const expectedMeta = { ...result.meta, truncated: true, originalChars: result.content.length };
  const metaFits = Object.entries(expectedMeta).every(
    ([key, value]) => (got.meta as Record<string, unknown> | undefined)?.[key] === value,
  );
  if (!metaFits || got.ok !== result.ok) {
    return fail(
      `ok ${result.ok} and meta ${JSON.stringify(expectedMeta)} (the result's own meta kept)`,
      `ok ${got.ok}, ${describeMeta(got.meta)}`,
    );
  }
  return undefined;
}

/** A failure with these lines for --verbose, its expected part after the variant's label if any. */
function failing({ transcript, label }: { transcript: string[]; label?: string }) {
  return (expected: string, got: string): Extract<CheckOutcome, { passed: false }> => ({
    passed: false,
    expected: label ? `${label}: ${expected}` : expected,
    got,
    transcript,
  });
}

/** Whether the text gives the number, written plain (12000) or grouped (12,000). */
function mentionsCount({ text, value }: { text: string; value: number }): boolean {
  const digits: string[] = text.replace(/(\d),(?=\d{3}\b)/g, '$1').match(/\d+/g) ?? [];
  return digits.includes(String(value));
}

/** truncateResult on its own: exact sizes, exact ends, meta, and short results unchanged. */
async function checkDirectly(
  truncate: (result: ToolResult) => Promise<ToolResultSeen>,
): Promise<CheckOutcome | undefined> {
  const original = nonRepetitiveText(LONG_CHARS);
  const result = await truncate({ ok: true, content: original });
  const got = result.content;
  const fail = failing({
    transcript: [
      `truncateResult(${LONG_CHARS} chars) → ${got.length} chars, meta ${JSON.stringify(result.meta ?? {})}`,
    ],
  });
  if (got.length !== EXPECTED_CHARS) {
    return fail(
      `${groupDigits(LONG_CHARS)} characters cut to exactly ${groupDigits(EXPECTED_CHARS)}: its first ${groupDigits(HEAD_CHARS)} and last ${groupDigits(TAIL_CHARS)} around a note`,
      `${groupDigits(got.length)} characters: ${describeKeptEnds({ got, original })}`,
    );
  }
  if (got.slice(0, HEAD_CHARS) !== original.slice(0, HEAD_CHARS)) {
    return fail(
      `the first ${groupDigits(HEAD_CHARS)} characters kept exactly (60% of the budget)`,
      `a head that differs from the original: ${describeKeptEnds({ got, original })}`,
    );
  }
  if (got.slice(-TAIL_CHARS) !== original.slice(-TAIL_CHARS)) {
    return fail(
      `the last ${groupDigits(TAIL_CHARS)} characters kept exactly (40% of the budget)`,
      `a tail that differs from the original: ${describeKeptEnds({ got, original })}`,
    );
  }
  const note = got.slice(HEAD_CHARS, got.length - TAIL_CHARS);
  if (!mentionsCount({ text: note, value: CUT_CHARS })) {
    return fail(
      `the note in the middle to say ${CUT_CHARS} characters were cut`,
      `the note ${JSON.stringify(note)}`,
    );
  }
  if (result.meta?.truncated !== true || result.meta.originalChars !== LONG_CHARS) {
    return fail(
      `meta { truncated: true, originalChars: ${LONG_CHARS} }`,
      describeMeta(result.meta),
    );
  }
  for (const short of [
    { ok: true, content: 'three small lines\n' },
    { ok: false, content: nonRepetitiveText(SHORT_CHARS) },
  ]) {
    const untouched = await truncate(structuredClone(short));
    if (JSON.stringify(untouched) !== JSON.stringify(short)) {
      return fail(
        `a ${short.content.length}-character result returned unchanged`,
        `${untouched.content.length} characters, ${describeMeta(untouched.meta)}`,
      );
    }
  }
  return undefined;
}

/** read_file of the sandbox's largest file through the registry comes back cut to the same size. */
async function checkThroughRegistry({
  drive,
  scratchDir,
}: {
  drive: Drive;
  scratchDir: string;
}): Promise<CheckOutcome> {
  const [path, content] = largestTextFile();
  const workspace = await handOverFolder({
    into: scratchDir,
    name: 'workspace',
    build: async (folder) => {
      await mkdir(dirname(join(folder, path)), { recursive: true });
      await writeFile(join(folder, path), content);
    },
  });
  const call = { id: 'call_read_big', name: 'read_file', args: JSON.stringify({ path }) };
  const { result, thrown } = readAnswer({
    answer: await drive('execute', { call, cwd: workspace }),
    schema: RegistryAnswer,
    what: "the registry's result",
  });
  const transcript = [
    `read_file ${call.args} (${content.length} chars on disk) → ok ${result.ok}, ${result.content.length} chars, meta ${JSON.stringify(result.meta ?? {})}`,
  ];
  if (result.ok && result.content.length === EXPECTED_CHARS && result.meta?.truncated === true) {
    return { passed: true, transcript };
  }
  if (!result.ok && result.content.length < EXPECTED_CHARS) {
    // The call itself failed, so there was nothing long to cut: the registry's fault, not the
    // cut's, unless read_file threw on arguments that fit its schema: then its own line is.
    const outcome: CheckOutcome = {
      passed: false,
      expected: `reading ${path} through the registry to run read_file and feed back its ${EXPECTED_CHARS} characters`,
      got: `a failed result: ${shortenText(result.content, 200)}`,
      mistake: 'call-failed',
      transcript,
    };
    return thrown?.argsFitSchema ? blameFirstThrow({ outcome, thrown }) : outcome;
  }
  return {
    passed: false,
    expected: `reading ${path} (${content.length} characters) through the registry to feed back ${EXPECTED_CHARS} characters with meta.truncated`,
    got: `ok ${result.ok}, ${result.content.length} characters, ${describeMeta(result.meta)}: ${shortenText(result.content, 120)}`,
    mistake: 'not-applied',
    transcript,
  };
}

/** What the registry answered a call, and the first throw of a tool of the lab's on the way. */
const RegistryAnswer = z.strictObject({ result: ToolResultSeen, thrown: ToolThrowSeen.optional() });

/** The sandbox's largest text file: the one the day says reads back as 8,054 characters. */
function largestTextFile(): [string, string] {
  const texts = [...sandboxFiles()].filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string',
  );
  return texts.reduce((largest, entry) => (entry[1].length > largest[1].length ? entry : largest));
}

/**
 * How much of the original's start and end a cut result kept, so a student sees which end is off:
 * `its first 4,801 and last 3,200 characters around a 54-character note`.
 */
function describeKeptEnds({ got, original }: { got: string; original: string }): string {
  if (got === original) return 'the whole text, not cut';
  let head = 0;
  while (head < got.length && got[head] === original[head]) head += 1;
  let tail = 0;
  while (
    tail < got.length - head &&
    got[got.length - 1 - tail] === original[original.length - 1 - tail]
  ) {
    tail += 1;
  }
  const middle = got.length - head - tail;
  return `its first ${groupDigits(head)} and last ${groupDigits(tail)} characters${middle > 0 ? ` around a ${groupDigits(middle)}-character note` : ''}`;
}

/** A result's meta as a report quotes it: `meta {...}`, or `no meta` when it has none. */
function describeMeta(meta: unknown): string {
  return meta === undefined ? 'no meta' : `meta ${JSON.stringify(meta)}`;
}
