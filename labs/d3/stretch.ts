/**
 * `pnpm stretch <id>` (from the lab's folder): starts an optional stretch exercise by blanking code the
 * lab gives ready-made, so you write it yourself. `pnpm grade d3 --stretch` then grades it apart from
 * the score. The file is overwritten: commit first, and `git checkout <file>` brings the given code back.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

/** One stretch exercise: the file it blanks and the starting point written there. */
interface Stretch {
  file: string;
  /** What to do, printed after the file is written. */
  task: string;
  starter: string;
}

const STRETCHES: Record<string, Stretch> = {
  'grep-description': {
    file: 'src/tools/grep.ts',
    task:
      "write grep's description and parameter schema from nothing: what a match looks like, an " +
      'example call, the regex syntax, the limits, every parameter described and bounded.',
    starter: `import type { ToolDef } from '@agent-course/core';
import { grepWorkspace } from '@agent-course/workspace';
import { z } from 'zod';

// STRETCH(grep-description): describe grep so that a model calls it right the first time. The model
// sees only the name, the description and the JSON Schema made from GrepParameters. Say what a match
// looks like, give an example call, name the regex syntax the engine speaks (RE2, as in ripgrep),
// state the limits (DEFAULT_GREP_LIMIT and MAX_GREP_LIMIT from @agent-course/workspace), and
// describe and bound every parameter. \`pnpm grade d3 --stretch\` checks it.
export const GrepParameters = z.strictObject({
  pattern: z.string(),
  include: z.string().optional(),
  limit: z.number().optional(),
});
export type GrepParameters = z.infer<typeof GrepParameters>;

export const grepTool: ToolDef<typeof GrepParameters> = {
  name: 'grep',
  description: '',
  parameters: GrepParameters,
  readOnly: true,
  async run({ pattern, include, limit }, { cwd, signal }) {
    // The workspace package checks the expression and include, then searches line by line.
    const found = await grepWorkspace({ cwd, pattern, include, limit, signal });
    return found.ok ? { ok: true, content: found.text } : { ok: false, content: found.error };
  },
};
`,
  },
};

async function main(args: string[]): Promise<number> {
  const ids = Object.keys(STRETCHES).join(', ');
  const [id] = args;
  const stretch = id === undefined ? undefined : STRETCHES[id];
  if (!stretch) {
    process.stderr.write(
      `Say which stretch exercise to start: pnpm stretch <id> (one of: ${ids}).\n`,
    );
    return 2;
  }
  const packageFile = fileURLToPath(new URL('./package.json', import.meta.url));
  const { name } = JSON.parse(await readFile(packageFile, 'utf8')) as { name?: string };
  // The reference solution is what the checks are measured against; blanking it would lose it.
  if (name?.endsWith('-solution')) {
    process.stderr.write('This is the reference solution; run pnpm stretch from labs/d3.\n');
    return 2;
  }
  await writeFile(fileURLToPath(new URL(stretch.file, import.meta.url)), stretch.starter);
  process.stdout.write(
    `${stretch.file} now starts from nothing: ${stretch.task}\n` +
      `Grade it with \`pnpm grade d3 --stretch\`; \`git checkout ${stretch.file}\` brings the given code back.\n`,
  );
  return 0;
}

process.exitCode = await main(process.argv.slice(2));
