// Every TypeScript snippet on every day's lesson pages (the solution's and the lab's, in English and
// in Chinese) compiles as shown, against the packages the day really has: a student who copies one
// gets working code, and a page cannot go on showing a signature the engines no longer have. Each
// snippet is its own module, type-checked with the day's own compiler settings.
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { listSolutionDays } from './list-solution-days';
import { parseLessonPage } from './parse-lesson-page';
import { REPO_ROOT } from './repo-root';

const PAGE_FILES = ['README.md', 'README.zh-CN.md'];
const TYPESCRIPT = new Set(['ts', 'typescript']);
/** A backstop for a hung compiler, not a speed check. */
const TYPECHECK_TIME_LIMIT_MS = 180_000;

interface Snippet {
  /** Where it is shown: the page and the line of its opening fence. */
  shown: string;
  body: string;
}

async function snippetsOfDay(day: string): Promise<Snippet[]> {
  const snippets: Snippet[] = [];
  for (const folder of [`solutions/${day}`, `labs/${day}`]) {
    for (const file of PAGE_FILES) {
      const page = path.join(REPO_ROOT, folder, file);
      const text = await readFile(page, 'utf8').catch(() => undefined);
      if (text === undefined) continue;
      for (const block of parseLessonPage(text).codeBlocks) {
        if (TYPESCRIPT.has(block.language)) {
          snippets.push({ shown: `${folder}/${file}:${block.line}`, body: block.body });
        }
      }
    }
  }
  return snippets;
}

/**
 * Type-checks `snippets` as the day's solution compiles its own sources: in a scratch folder whose
 * node_modules is the solution's, so the imports a page shows resolve to the same packages.
 * Returns the compiler's complaints, each under the page line of its snippet.
 */
async function typecheckSnippets(day: string, snippets: Snippet[]): Promise<string[]> {
  const solution = path.join(REPO_ROOT, 'solutions', day);
  const scratch = await mkdtemp(path.join(tmpdir(), `snippets-${day}-`));
  try {
    await symlink(path.join(solution, 'node_modules'), path.join(scratch, 'node_modules'));
    await mkdir(path.join(scratch, 'snippets'));
    const names = snippets.map((_, index) => `snippets/snippet-${index + 1}.ts`);
    await Promise.all(
      snippets.map((snippet, index) =>
        // `export {}` makes each a module of its own: two snippets may declare the same name.
        writeFile(path.join(scratch, names[index]!), `${snippet.body}\nexport {};\n`),
      ),
    );
    await writeFile(
      path.join(scratch, 'tsconfig.json'),
      JSON.stringify({
        extends: path.join(solution, 'tsconfig.json'),
        // Node's types are the kit's, at its root, as for every package.
        compilerOptions: {
          noEmit: true,
          noUnusedLocals: false,
          typeRoots: [path.join(REPO_ROOT, 'node_modules', '@types')],
        },
        include: ['snippets/*.ts'],
      }),
    );
    const compiled = await execa(path.join(REPO_ROOT, 'node_modules/.bin/tsc'), ['-p', scratch], {
      reject: false,
      all: true,
    });
    if (compiled.exitCode === 0) return [];
    // "snippets/snippet-2.ts(4,7): error TS2304: …" becomes "<page>:<line> (snippet line 4): …".
    return (compiled.all ?? '').split('\n').flatMap((line) => {
      const found = /snippets\/snippet-(\d+)\.ts\((\d+),\d+\): (.*)/.exec(line);
      if (!found) return line.trim() === '' ? [] : [line];
      const snippet = snippets[Number(found[1]) - 1]!;
      return [`${snippet.shown} (snippet line ${found[2]}): ${found[3]}`];
    });
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

describe('the TypeScript snippets of the lesson pages', async () => {
  for (const day of await listSolutionDays(REPO_ROOT)) {
    it(
      `compile as shown, for ${day}`,
      async () => {
        const snippets = await snippetsOfDay(day);
        expect(await typecheckSnippets(day, snippets)).toEqual([]);
      },
      TYPECHECK_TIME_LIMIT_MS,
    );
  }
});
