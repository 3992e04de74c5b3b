import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { createTestWorkspace } from './testing/create-test-workspace';
import type { TestWorkspace } from './testing/create-test-workspace';
import { MAX_GLOB_LIMIT, MAX_GREP_LIMIT, SKIPPED_FOLDERS } from './limits';
import { globWorkspace } from './glob/glob-workspace';
import { grepWorkspace } from './grep/grep-workspace';

// glob against fd, grep against ripgrep, on one generated tree full of what trips line and path
// handling up. Only patterns that mean the same in both dialects are compared: ripgrep's \w and
// \b are Unicode-aware where grep's are ASCII, so those appear only where the text is ASCII.

/** The first of these names found on PATH, or undefined. */
function findProgram(names: string[]): string | undefined {
  for (const name of names) {
    try {
      execFileSync(name, ['--version'], { stdio: 'ignore' });
      return name;
    } catch {
      // not installed under this name
    }
  }
  return undefined;
}

const RG = findProgram(['rg']);
const FD = findProgram(['fd', 'fdfind']);
// A missing baseline fails these tests rather than skipping them: a skipped comparison proves
// nothing, and CI (.ci/run) installs both when they are missing.
const MISSING_RG =
  'ripgrep (rg) is not installed, and grep is compared with it: apt-get install ripgrep (brew install ripgrep on macOS)';
const MISSING_FD =
  'fd is not installed, and glob is compared with it: apt-get install fd-find (brew install fd on macOS)';

/** The baseline program, or a failure saying how to install it. */
function needed(program: string | undefined, missing: string): string {
  if (!program) throw new Error(missing);
  return program;
}

const LONG_LINE = `${'word '.repeat(40_000)}return value;`;

let workspace: TestWorkspace;
beforeAll(async () => {
  workspace = await createTestWorkspace({
    'src/crlf.ts': 'function first() {\r\n\r\n  return 1;\r\n}\r\n   \r\nsecond\r\n',
    'src/lf.js': 'function\n  helper() {}\nexport function named() {}\nconst a = 1; // z Q\n',
    'src/bom.md': '\uFEFFhello bom\nhello again\n',
    'src/long.min.js': `${LONG_LINE}\n`,
    'src/unicode.txt': 'Ärger über Öl\nκαλημέρα κόσμε\nemoji 😀 here\nplain ascii\n',
    'src/odd-breaks.txt': 'a\rb lone cr\nc\u2028d separator\n',
    'src/no-final-break.txt': 'last line without break x',
    'src/latin1.txt': Buffer.from('caf\xe9 needle\n', 'latin1'),
    'src/binary.png': Buffer.from('\x89PNG\0\0needle\n', 'latin1'),
    'a:b.txt': 'needle in a colon name\n',
    'sp ace.txt': 'needle with space\n',
    'ünï.txt': 'needle in unicode name\n',
    '-dash.txt': 'needle after dash\n',
    'new\nline.txt': 'needle in newline name\n',
    '.hidden/x.txt': 'needle hidden\n',
    'deep/a/b/c/d.ts': 'export const deep = "needle";\n',
    'node_modules/pkg/index.js': 'needle in node_modules\n',
    'x/dist/out.js': 'needle in dist\n',
  });
  await workspace.link({ relativePath: 'links/out', target: workspace.outside });
  await workspace.link({
    relativePath: 'links/file.txt',
    target: path.join(workspace.root, 'src/lf.js'),
  });
});
afterAll(() => workspace.cleanup());

const exclusions = (flag: string) => SKIPPED_FOLDERS.flatMap((folder) => [flag, folder]);

/** A path as the tools print it: plain, or a JSON string when the name needs quoting. */
function readPath(text: string): { path: string; rest: string } {
  if (text.startsWith('"')) {
    const quoted = /^"(?:[^"\\]|\\.)*"/.exec(text)![0];
    return { path: JSON.parse(quoted) as string, rest: text.slice(quoted.length) };
  }
  const colon = text.indexOf(':');
  return colon === -1
    ? { path: text, rest: '' }
    : { path: text.slice(0, colon), rest: text.slice(colon) };
}

async function globPaths(pattern: string): Promise<string[]> {
  const answer = await globWorkspace({ cwd: workspace.root, pattern, limit: MAX_GLOB_LIMIT });
  if (!answer.ok) throw new Error(answer.error);
  if (answer.text.startsWith('no files match')) return [];
  return answer.text.split('\n').map((line) => readPath(line).path);
}

function fdPaths(pattern: string): string[] {
  const output = execFileSync(
    FD!,
    ['--type', 'f', '--hidden', '--no-ignore', ...exclusions('--exclude'), '--print0'].concat([
      '--full-path',
      '--glob',
      `${workspace.root}/${pattern}`,
      workspace.root,
    ]),
    { encoding: 'utf8' },
  );
  return output
    .split('\0')
    .filter(Boolean)
    .map((absolute) => path.relative(workspace.root, absolute))
    .sort((left, right) => (left < right ? -1 : left > right ? 1 : 0));
}

async function grepHits(pattern: string): Promise<string[]> {
  const answer = await grepWorkspace({ cwd: workspace.root, pattern, limit: MAX_GREP_LIMIT });
  if (!answer.ok) throw new Error(answer.error);
  if (answer.text.startsWith('no matches')) return [];
  return answer.text
    .split('\n')
    .filter((line) => !line.startsWith('['))
    .map((line) => {
      const { path: file, rest } = readPath(line);
      return `${file}:${rest.split(':')[1]}`;
    })
    .sort();
}

function rgHits(pattern: string): string[] {
  let output = '';
  try {
    output = execFileSync(
      RG!,
      ['--crlf', '--hidden', '--no-ignore', '--no-messages', '--line-number', '--null']
        .concat(SKIPPED_FOLDERS.flatMap((folder) => ['-g', `!${folder}/`]))
        .concat(['--', pattern, '.']),
      { cwd: workspace.root, encoding: 'utf8' },
    );
  } catch (error) {
    // rg exits 1 when nothing matches.
    if ((error as { status?: number }).status !== 1) throw error;
  }
  const hits: string[] = [];
  // Each hit is "path\0line:text"; a path may hold a line break, so split on what follows it.
  for (const match of output.matchAll(/(?:^|\n)\.\/([^\0]*)\0(\d+):/g)) {
    hits.push(`${match[1]}:${match[2]}`);
  }
  return hits.sort();
}

describe('glob agrees with fd', () => {
  it.for([
    '**/*.ts',
    '**/*.txt',
    '*.txt',
    'src/*.{js,md}',
    '**/[a-c]*.txt',
    '**/?.txt',
    '**/*e*e*.txt',
    'deep/**/d.ts',
    'src/**',
  ])('%s', async (pattern) => {
    needed(FD, MISSING_FD);
    expect(await globPaths(pattern)).toEqual(fdPaths(pattern));
  });
});

describe('grep agrees with rg --crlf on which lines match', () => {
  it.for([
    'needle',
    '^\\s*$',
    'second$',
    '^hello',
    '\\bfunction\\s+\\w+',
    '.*return.*;$',
    'a.*z.*Q',
    '\\p{Greek}+',
    '(?i)ärger',
    '^\\p{Lu}',
    '😀',
    'x$',
    'c\\x{2028}d',
    'b lone',
    '[^a-z ]{2}',
  ])('%s', async (pattern) => {
    needed(RG, MISSING_RG);
    const expected = rgHits(pattern);
    expect(expected.length, 'the comparison needs some matches').toBeGreaterThan(0);
    expect(await grepHits(pattern)).toEqual(expected);
  });

  // A lone \r and U+2028 end no line for either: ^ after them matches nowhere.
  it.for(['^b lone', '^d separator'])('%s matches in neither', async (pattern) => {
    needed(RG, MISSING_RG);
    expect(rgHits(pattern)).toEqual([]);
    expect(await grepHits(pattern)).toEqual([]);
  });
});
