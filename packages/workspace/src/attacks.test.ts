import { truncate } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANARY, createTestWorkspace } from './testing/create-test-workspace';
import type { TestWorkspace } from './testing/create-test-workspace';
import { MAX_GLOB_ALTERNATIVES, MAX_GREP_LINE_CHARS, MAX_LINE_CHARS } from './limits';
import { callEngine } from './testing/call-engine';

// Every row is something a model may send, by mistake or because a file told it to, given to the
// engine behind the tool it names, with arguments that passed the tool's schema (the day's own
// attack table covers arguments the schema refuses). None may throw, hang, or return a byte from
// outside the working directory: a canary file sits next to it, and its text must never appear.

const MEGABYTE = 1024 * 1024;
const GIGABYTE = 1024 * MEGABYTE;
const LONG_LINE = `needle ${'x'.repeat(5 * MEGABYTE - 7)}`;
/** A backtracking engine tries every way to split the a's of each line before failing at the b. */
const BACKTRACKING_TEXT = `${'a'.repeat(40)}b\n`.repeat(25_000);
/** A minified line: `.*return.*;$` backtracks for minutes on it in V8's engine. */
const MINIFIED_LINE = `${'x=1,'.repeat(50_000)}returnz;`;
/** A name a star-heavy glob tries every way to split. */
const LONG_NAME = 'a'.repeat(200);
/** Sixteen {a,b}: 65,536 patterns once written out. */
const BRACE_BOMB = '{a,b}'.repeat(16);
const NO_MATCH_NOTES =
  '\n[skipped 1 file over 20 MB; page through a large file with read_file and an offset]';

let workspace: TestWorkspace;
beforeAll(async () => {
  workspace = await createTestWorkspace({
    'src/calc.js': 'export function divide(a, b) {\n  return a * b;\n}\n',
    'bin/logo.png': Buffer.from('\x89PNG\r\n\x1a\n\0\0\0\rIHDR', 'latin1'),
    'big/one-line.txt': LONG_LINE,
    'slow/backtrack.txt': BACKTRACKING_TEXT,
    'text/crlf.txt': 'first\r\nsecond\r\n',
    'text/bom.txt': '\uFEFFhello bom\n',
    'text/latin1.txt': Buffer.from('caf\xe9 cr\xe8me\n', 'latin1'),
    'huge/sparse.bin': '',
    'big/min.js': `${MINIFIED_LINE}\n`,
    [`long/${LONG_NAME}`]: '',
  });
  // A sparse gigabyte: the size is real, the disk blocks are not, so it costs nothing to make.
  await truncate(path.join(workspace.root, 'huge/sparse.bin'), GIGABYTE);
  await workspace.link({ relativePath: 'links/out-dir', target: workspace.outside });
  await workspace.link({
    relativePath: 'links/out-file',
    target: path.join(workspace.outside, 'canary.txt'),
  });
  await workspace.link({ relativePath: 'links/sibling', target: workspace.prefixSibling });
  await workspace.link({
    relativePath: 'links/loop',
    target: path.join(workspace.root, 'links/loop'),
  });
  // Through the process's own view of the file system, a link can lead anywhere.
  await workspace.link({ relativePath: 'links/proc', target: '/proc/self/root/etc' });
});
afterAll(() => workspace.cleanup());

const outsideSentence = (given: string) =>
  `${given} is outside the working directory; use a path relative to the working directory that stays inside it`;
const NUL_PATTERN =
  'the pattern contains a NUL byte; use a plain glob pattern, such as src/**/*.ts';
const BRACE_BOMB_REFUSAL = `the pattern's braces expand to 65,536 alternatives, more than ${MAX_GLOB_ALTERNATIVES}; use fewer {a,b} groups, or several calls with one each`;
const patternOutsideSentence = (given: string) =>
  `${given} reaches outside the working directory; use a pattern relative to the working directory without a leading / or .., such as src/**/*.ts`;
const linkOutSentence = (given: string) =>
  `${given} leads outside the working directory through a symbolic link; use a path relative to the working directory that stays inside it`;
/** An engine's answer as a tool hands it to the model: ok, and the text either way. */
interface Outcome {
  ok: boolean;
  content: string;
}

/** One attack: what the model sends and what must come back. */
interface Attack {
  /** What the row proves; the test's name. */
  proves: string;
  tool: string;
  /** The raw argument text; {ROOT} and {OUTSIDE} stand for the absolute folders. */
  args: string;
  /** The exact result, or a check for results that hold machine-specific text. */
  expected: Outcome | ((result: Outcome) => void);
}

const failed = (content: string): Outcome => ({ ok: false, content });
const worked = (content: string): Outcome => ({ ok: true, content });

const PATH_ATTACKS: Attack[] = [
  {
    proves: 'read_file refuses .. out of the root',
    tool: 'read_file',
    args: '{"path":"../outside/canary.txt"}',
    expected: failed(outsideSentence('../outside/canary.txt')),
  },
  {
    proves: 'read_file refuses .. that climbs out from inside a folder',
    tool: 'read_file',
    args: '{"path":"src/../../outside/canary.txt"}',
    expected: failed(outsideSentence('src/../../outside/canary.txt')),
  },
  {
    proves: 'read_file refuses an absolute path outside',
    tool: 'read_file',
    args: '{"path":"{OUTSIDE}/canary.txt"}',
    expected: failed(outsideSentence('{OUTSIDE}/canary.txt')),
  },
  {
    proves: 'read_file refuses a sibling folder whose name starts with the root name',
    tool: 'read_file',
    args: '{"path":"{ROOT}-other/canary.txt"}',
    expected: failed(outsideSentence('{ROOT}-other/canary.txt')),
  },
  {
    proves: 'read_file refuses a file symbolic link leading out',
    tool: 'read_file',
    args: '{"path":"links/out-file"}',
    expected: failed(linkOutSentence('links/out-file')),
  },
  {
    proves: 'read_file refuses a path through a directory symbolic link leading out',
    tool: 'read_file',
    args: '{"path":"links/out-dir/canary.txt"}',
    expected: failed(linkOutSentence('links/out-dir/canary.txt')),
  },
  {
    proves: 'read_file refuses a directory link to the prefix sibling',
    tool: 'read_file',
    args: '{"path":"links/sibling/canary.txt"}',
    expected: failed(linkOutSentence('links/sibling/canary.txt')),
  },
  {
    proves: 'read_file names a symbolic link loop instead of failing with the system error',
    tool: 'read_file',
    args: '{"path":"links/loop"}',
    expected: failed(
      'links/loop goes round a loop of symbolic links; use a path to a real file inside the working directory',
    ),
  },
  {
    proves: 'read_file refuses a NUL byte in a path',
    tool: 'read_file',
    args: '{"path":"src/calc.js\\u0000.png"}',
    expected: failed(
      'the path contains a NUL byte; use a plain path relative to the working directory',
    ),
  },
  {
    proves: 'read_file does not expand ~',
    tool: 'read_file',
    args: '{"path":"~/.ssh/id_rsa"}',
    expected: failed(
      '~/.ssh/id_rsa starts with ~, which is not expanded here; use a path relative to the working directory',
    ),
  },
  {
    proves: 'glob refuses a NUL byte in a pattern',
    tool: 'glob',
    args: '{"pattern":"src/\\u0000/*.js"}',
    expected: failed(NUL_PATTERN),
  },
  {
    proves: 'glob refuses a NUL byte in the part of a pattern with wildcards',
    tool: 'glob',
    args: '{"pattern":"src/*\\u0000.js"}',
    expected: failed(NUL_PATTERN),
  },
  {
    proves: 'glob does not expand ~',
    tool: 'glob',
    args: '{"pattern":"~/*"}',
    expected: failed(
      '~/* starts with ~, which is not expanded here; use a pattern relative to the working directory, such as src/**/*.ts',
    ),
  },
  {
    proves: 'glob refuses ../**',
    tool: 'glob',
    args: '{"pattern":"../**"}',
    expected: failed(patternOutsideSentence('../**')),
  },
  {
    proves: 'glob refuses an absolute pattern',
    tool: 'glob',
    args: '{"pattern":"{OUTSIDE}/*.txt"}',
    expected: failed(patternOutsideSentence('{OUTSIDE}/*.txt')),
  },
  {
    proves: 'glob refuses .. hidden in braces',
    tool: 'glob',
    args: '{"pattern":"{..,src}/*"}',
    expected: failed(patternOutsideSentence('{..,src}/*')),
  },
  {
    proves: 'glob refuses .. produced by brace expansion',
    tool: 'glob',
    args: '{"pattern":"..{,}/outside/*"}',
    expected: failed(patternOutsideSentence('..{,}/outside/*')),
  },
  {
    proves: 'glob refuses .. split across a brace',
    tool: 'glob',
    args: '{"pattern":".{.,}/outside/*"}',
    expected: failed(patternOutsideSentence('.{.,}/outside/*')),
  },
  {
    proves: 'glob refuses an absolute alternative in braces',
    tool: 'glob',
    args: '{"pattern":"{/etc,x}/pass*"}',
    expected: failed(patternOutsideSentence('{/etc,x}/pass*')),
  },
  {
    proves: 'glob refuses a pattern starting in a directory link leading out',
    tool: 'glob',
    args: '{"pattern":"links/out-dir/*"}',
    expected: failed(linkOutSentence('links/out-dir')),
  },
  {
    proves: 'glob refuses a brace alternative naming a link leading out',
    tool: 'glob',
    args: '{"pattern":"{links/out-dir,x}/*"}',
    expected: failed(linkOutSentence('links/out-dir')),
  },
  {
    proves: 'glob refuses a brace alternative naming a link to /proc/self/root/etc',
    tool: 'glob',
    args: '{"pattern":"{links/proc,x}/pass*"}',
    expected: failed(linkOutSentence('links/proc')),
  },
  ...[
    'l[i]nks/out-dir/*',
    '?inks/out-dir/*',
    'links/*/*',
    'links/**',
    'l\\inks/proc/pass*',
    '**/canary.txt',
    '**/passwd',
  ].map((pattern): Attack => ({
    proves: `glob ${pattern} matches inside only: the walk starts at the root and follows no link`,
    tool: 'glob',
    args: JSON.stringify({ pattern }),
    expected: (result) => expect(result.content).toMatch(/^no files match /),
  })),
  {
    proves: 'glob cannot reach .. through a character class, which never matches it',
    tool: 'glob',
    args: '{"pattern":"[.][.]/outside/*"}',
    expected: (result) => expect(result.content).toMatch(/^no files match \[\.\]\[\.\]\/outside/),
  },
  {
    proves: 'glob lists everything inside but no symbolic link',
    tool: 'glob',
    args: '{"pattern":"**/*"}',
    expected: worked(
      [
        'big/min.js',
        'big/one-line.txt',
        'bin/logo.png',
        'huge/sparse.bin',
        `long/${LONG_NAME}`,
        'slow/backtrack.txt',
        'src/calc.js',
        'text/bom.txt',
        'text/crlf.txt',
        'text/latin1.txt',
      ].join('\n'),
    ),
  },
  {
    proves: 'grep refuses an include that climbs out',
    tool: 'grep',
    args: '{"pattern":"CANARY","include":"../**"}',
    expected: failed(patternOutsideSentence('../**')),
  },
  {
    proves: 'grep refuses an include to the prefix sibling',
    tool: 'grep',
    args: '{"pattern":"CANARY","include":"../repo-other/*"}',
    expected: failed(patternOutsideSentence('../repo-other/*')),
  },
  {
    proves: 'grep refuses an absolute include',
    tool: 'grep',
    args: '{"pattern":"CANARY","include":"{OUTSIDE}/*"}',
    expected: failed(patternOutsideSentence('{OUTSIDE}/*')),
  },
  {
    proves: 'grep refuses an include whose .. comes from brace expansion',
    tool: 'grep',
    args: '{"pattern":"CANARY","include":"..{,}/outside/*"}',
    expected: failed(patternOutsideSentence('..{,}/outside/*')),
  },
  {
    proves: 'grep refuses an include naming a link out inside braces',
    tool: 'grep',
    args: '{"pattern":"CANARY","include":"{links/sibling,x}/*"}',
    expected: failed(linkOutSentence('links/sibling')),
  },
  ...['l[i]nks/**', 'links/*/*', '*.txt', '{links,src}/**/*'].map((include): Attack => ({
    proves: `grep with include ${include} searches inside only`,
    tool: 'grep',
    args: JSON.stringify({ pattern: 'CANARY', include }),
    expected: (result) => expect(result.content).toMatch(/^no matches for \/CANARY\//),
  })),
  {
    proves: 'grep refuses an include through a directory link leading out',
    tool: 'grep',
    args: '{"pattern":"CANARY","include":"links/out-dir/*"}',
    expected: failed(linkOutSentence('links/out-dir')),
  },
  {
    proves: 'grep over everything follows no link out',
    tool: 'grep',
    args: '{"pattern":"CANARY"}',
    expected: worked(
      `no matches for /CANARY/ in 10 files; widen the pattern (fewer characters, or alternatives such as add|sum).${NO_MATCH_NOTES}`,
    ),
  },
];

const ONE_MEGABYTE_OF_A = 'a'.repeat(MEGABYTE);
// One name of a megabyte: the name is what is too long, and it is not repeated.
const TOO_LONG_PATH = `a name in the path is ${MEGABYTE} bytes long, more than the 255 a file system allows for one name; use a shorter name`;

const ARGUMENT_ATTACKS: Attack[] = [
  {
    proves: 'a one-megabyte path is refused without echoing it',
    tool: 'read_file',
    args: JSON.stringify({ path: ONE_MEGABYTE_OF_A }),
    expected: failed(TOO_LONG_PATH),
  },
  {
    proves: 'a one-megabyte glob pattern is refused without echoing it',
    tool: 'glob',
    args: JSON.stringify({ pattern: ONE_MEGABYTE_OF_A }),
    expected: failed(
      `the pattern is ${MEGABYTE} characters long, more than 1000; use a shorter pattern, such as src/**/*.ts`,
    ),
  },
  {
    proves: 'a 5,000-character glob pattern is refused without a system error',
    tool: 'glob',
    args: JSON.stringify({ pattern: `${'d/'.repeat(2500)}*` }),
    expected: failed(
      'the pattern is 5001 characters long, more than 1000; use a shorter pattern, such as src/**/*.ts',
    ),
  },
  {
    proves: 'a one-megabyte grep pattern is refused by its length',
    tool: 'grep',
    args: JSON.stringify({ pattern: ONE_MEGABYTE_OF_A }),
    expected: failed(
      `the expression is ${MEGABYTE} characters long, more than 1000; search for a shorter, distinctive part of the text`,
    ),
  },
  {
    proves: 'a brace bomb glob is refused before anything is expanded',
    tool: 'glob',
    args: JSON.stringify({ pattern: BRACE_BOMB }),
    expected: failed(BRACE_BOMB_REFUSAL),
  },
  {
    proves: 'a brace bomb grep include is refused before anything is expanded',
    tool: 'grep',
    args: JSON.stringify({ pattern: 'x', include: BRACE_BOMB }),
    expected: failed(BRACE_BOMB_REFUSAL),
  },
  {
    proves: 'a star-heavy glob against a long file name answers at once',
    tool: 'glob',
    args: '{"pattern":"**/*a*a*a*a*a*a*a*a*a*a*a*b"}',
    expected: (result) => expect(result.content).toMatch(/^no files match /),
  },
  {
    proves: 'a star-heavy grep include answers at once',
    tool: 'grep',
    args: '{"pattern":"x","include":"*a*a*a*a*a*a*a*a*a*a*a*b"}',
    expected: (result) => expect(result.content).toMatch(/^no matches for \/x\/ in 0 files/),
  },
  {
    proves: 'an invalid regular expression is fed back with the engine message',
    tool: 'grep',
    args: '{"pattern":"divide("}',
    expected: failed(
      'invalid regular expression: missing closing ): `divide(`. Fix the pattern: grep reads RE2 syntax as ripgrep does (no lookaround, no backreferences); to match ( ) [ ] { } . * + ? | literally, put a backslash before it.',
    ),
  },
  {
    proves: 'a nested quantifier over a file of near misses answers in linear time',
    tool: 'grep',
    args: '{"pattern":"(a+)+$"}',
    expected: worked(
      `no matches for /(a+)+$/ in 10 files; widen the pattern (fewer characters, or alternatives such as add|sum).${NO_MATCH_NOTES}`,
    ),
  },
  {
    proves: 'a .* expression on a 200,000-character line answers in linear time',
    tool: 'grep',
    args: '{"pattern":".*return.*;$","include":"big/*"}',
    expected: worked(`big/min.js:1:${MINIFIED_LINE.slice(0, MAX_GREP_LINE_CHARS)}…`),
  },
  {
    proves: 'two unanchored .* answer in linear time on every file',
    tool: 'grep',
    args: '{"pattern":"a.*z.*Q"}',
    expected: (result) => expect(result.content).toMatch(/^no matches for \/a\.\*z\.\*Q\//),
  },
  {
    proves: 'a lookahead is refused with the dialect named, not run',
    tool: 'grep',
    args: '{"pattern":"(?=x)"}',
    expected: (result) => {
      expect(result.ok).toBe(false);
      expect(result.content).toMatch(/^invalid regular expression: .*grep reads RE2 syntax/);
    },
  },
];

const FILE_ATTACKS: Attack[] = [
  {
    proves: 'read_file names a binary file instead of showing it',
    tool: 'read_file',
    args: '{"path":"bin/logo.png"}',
    expected: worked('bin/logo.png is a binary file (16 bytes); read_file shows text files only'),
  },
  {
    proves: 'read_file answers about a 1 GB sparse file from its first bytes',
    tool: 'read_file',
    args: '{"path":"huge/sparse.bin"}',
    expected: worked(
      `huge/sparse.bin is a binary file (${GIGABYTE} bytes); read_file shows text files only`,
    ),
  },
  {
    proves: 'read_file cuts a 5 MB line and says how much',
    tool: 'read_file',
    args: '{"path":"big/one-line.txt"}',
    expected: worked(
      `big/one-line.txt (lines 1-1 of 1)\n1: ${LONG_LINE.slice(0, MAX_LINE_CHARS)} [… ${LONG_LINE.length - MAX_LINE_CHARS} more characters cut]`,
    ),
  },
  {
    proves: 'grep cuts a 5 MB matching line',
    tool: 'grep',
    args: '{"pattern":"^needle","include":"big/*"}',
    expected: worked(`big/one-line.txt:1:${LONG_LINE.slice(0, MAX_GREP_LINE_CHARS)}…`),
  },
  {
    proves: 'read_file drops the \\r of CRLF line endings',
    tool: 'read_file',
    args: '{"path":"text/crlf.txt"}',
    expected: worked('text/crlf.txt (lines 1-2 of 2)\n1: first\n2: second'),
  },
  {
    proves: 'grep anchors $ before a CRLF line ending',
    tool: 'grep',
    args: '{"pattern":"second$","include":"text/*"}',
    expected: worked('text/crlf.txt:2:second'),
  },
  {
    proves: 'read_file drops a UTF-8 byte-order mark',
    tool: 'read_file',
    args: '{"path":"text/bom.txt"}',
    expected: worked('text/bom.txt (lines 1-1 of 1)\n1: hello bom'),
  },
  {
    proves: 'grep matches ^ after a UTF-8 byte-order mark',
    tool: 'grep',
    args: '{"pattern":"^hello","include":"text/*"}',
    expected: worked('text/bom.txt:1:hello bom'),
  },
  {
    proves: 'read_file shows invalid UTF-8 as replacement characters',
    tool: 'read_file',
    args: '{"path":"text/latin1.txt"}',
    expected: worked('text/latin1.txt (lines 1-1 of 1)\n1: caf\uFFFD cr\uFFFDme'),
  },
  {
    proves: 'grep searches a file with invalid UTF-8',
    tool: 'grep',
    args: '{"pattern":"^caf","include":"text/*"}',
    expected: worked('text/latin1.txt:1:caf\uFFFD cr\uFFFDme'),
  },
];

function fill(text: string): string {
  return text.replaceAll('{ROOT}', workspace.root).replaceAll('{OUTSIDE}', workspace.outside);
}

async function attack({ tool, args, expected }: Attack): Promise<void> {
  const answer = await callEngine({
    tool,
    cwd: workspace.root,
    args: JSON.parse(fill(args)) as Record<string, unknown>,
  });
  const result = { ok: answer.ok, content: answer.ok ? answer.text : answer.error };
  if (typeof expected === 'function') expected(result);
  else
    expect({ ok: result.ok, content: result.content }).toEqual({
      ok: expected.ok,
      content: fill(expected.content),
    });
  expect(result.content).not.toContain(CANARY);
}

describe('attacks on the engines', () => {
  const groups = {
    'paths and patterns': PATH_ATTACKS,
    arguments: ARGUMENT_ATTACKS,
    files: FILE_ATTACKS,
  };
  for (const [group, attacks] of Object.entries(groups)) {
    describe(group, () => {
      for (const row of attacks) it(row.proves, () => attack(row), 30_000);
    });
  }
});
