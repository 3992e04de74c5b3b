import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { sandboxFiles } from '@agent-course/sandbox';
import type { ToolResult } from '@agent-course/core';
import type { CheckContext, CheckOutcome } from '../../../check';
import { loadD3Lab, type D3Lab } from '../d3-lab';
import { nonRepetitiveText } from '../non-repetitive-text';

// The day's numbers: a 20,000-character result keeps 4,800 + 3,200 characters plus a 54-character note.
const LONG_CHARS = 20_000;
const EXPECTED_CHARS = 8_054;
const CUT_CHARS = 12_000;
const HEAD_CHARS = 4_800;
const TAIL_CHARS = 3_200;
const SHORT_CHARS = 8_000;

/** Check 6: long results are cut in the middle to a known size; short ones pass untouched. */
export async function run({ labDir, scratchDir }: CheckContext): Promise<CheckOutcome> {
  const lab = await loadD3Lab(labDir);
  return (await checkDirectly(lab)) ?? (await checkThroughRegistry({ lab, scratchDir }));
}

/** truncateResult on its own: exact sizes, exact ends, meta, and short results unchanged. */
async function checkDirectly(lab: D3Lab): Promise<CheckOutcome | undefined> {
  const original = nonRepetitiveText(LONG_CHARS);
  const result = lab.truncateResult({ ok: true, content: original });
  const got = result.content;
  const transcript = [
    `truncateResult(${LONG_CHARS} chars) → ${got.length} chars, meta ${JSON.stringify(result.meta ?? {})}`,
  ];
  const fail = (expected: string, actual: string): CheckOutcome => ({
    passed: false,
    expected,
    got: actual,
    transcript,
  });

  if (got.length !== EXPECTED_CHARS) {
    return fail(
      `${count(LONG_CHARS)} characters cut to exactly ${count(EXPECTED_CHARS)}`,
      `${count(got.length)} characters`,
    );
  }
  if (got.slice(0, HEAD_CHARS) !== original.slice(0, HEAD_CHARS)) {
    return fail(
      `the first ${HEAD_CHARS} characters kept exactly (60% of the budget)`,
      'the head differs from the original',
    );
  }
  if (got.slice(-TAIL_CHARS) !== original.slice(-TAIL_CHARS)) {
    return fail(
      `the last ${TAIL_CHARS} characters kept exactly (40% of the budget)`,
      'the tail differs from the original',
    );
  }
  const note = got.slice(HEAD_CHARS, got.length - TAIL_CHARS);
  if (!/12,?000/.test(note)) {
    return fail(
      `the note in the middle to say ${CUT_CHARS} characters were cut`,
      `the note ${JSON.stringify(note)}`,
    );
  }
  if (result.meta?.truncated !== true || result.meta.originalChars !== LONG_CHARS) {
    return fail(
      `meta { truncated: true, originalChars: ${LONG_CHARS} }`,
      `meta ${JSON.stringify(result.meta ?? null)}`,
    );
  }
  for (const short of [
    { ok: true, content: 'three small lines\n' },
    { ok: false, content: nonRepetitiveText(SHORT_CHARS) },
  ]) {
    const untouched = lab.truncateResult(structuredClone(short));
    if (JSON.stringify(untouched) !== JSON.stringify(short)) {
      return fail(
        `a ${short.content.length}-character result returned unchanged`,
        `${untouched.content.length} characters, meta ${JSON.stringify(untouched.meta ?? null)}`,
      );
    }
  }
  return undefined;
}

/** read_file of the sandbox's largest file through the registry comes back cut to the same size. */
async function checkThroughRegistry({
  lab,
  scratchDir,
}: {
  lab: D3Lab;
  scratchDir: string;
}): Promise<CheckOutcome> {
  const [path, content] = largestTextFile();
  const workspace = join(scratchDir, 'workspace');
  await mkdir(dirname(join(workspace, path)), { recursive: true });
  await writeFile(join(workspace, path), content);
  const registry = lab.createToolRegistry(lab.readOnlyTools);
  const call = { id: 'call_read_big', name: 'read_file', args: JSON.stringify({ path }) };
  const result: ToolResult = await registry.execute(call, {
    cwd: workspace,
    signal: new AbortController().signal,
  });
  const transcript = [
    `read_file ${call.args} (${content.length} chars on disk) → ok ${result.ok}, ${result.content.length} chars, meta ${JSON.stringify(result.meta ?? {})}`,
  ];
  if (result.ok && result.content.length === EXPECTED_CHARS && result.meta?.truncated === true) {
    return { passed: true, transcript };
  }
  return {
    passed: false,
    expected: `reading ${path} (${content.length} characters) through the registry to feed back ${EXPECTED_CHARS} characters with meta.truncated`,
    got: `ok ${result.ok}, ${result.content.length} characters, meta ${JSON.stringify(result.meta ?? null)}: ${result.content.slice(0, 120)}`,
    mistake: 'not-applied',
    transcript,
  };
}

/** The sandbox's largest text file: the one the day says reads back as 8,054 characters. */
function largestTextFile(): [string, string] {
  const texts = [...sandboxFiles()].filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string',
  );
  return texts.reduce((largest, entry) => (entry[1].length > largest[1].length ? entry : largest));
}

/** 20000 → "20,000": figures as the day's text writes them. */
function count(value: number): string {
  return value.toLocaleString('en-US');
}
