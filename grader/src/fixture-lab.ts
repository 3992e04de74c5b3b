import { existsSync } from 'node:fs';
import { cp, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { KIT_ROOT } from './beside-lab/kit-paths';

/** Where the fixture labs' tables and folders live. */
const FIXTURES = join(KIT_ROOT, 'grader', 'src', '__fixtures__');

/**
 * One edit to a file of the freshly copied solution. Made at test time rather than kept as an
 * edited copy, so the fixture follows the solution and cannot drift away from it unnoticed.
 */
export interface Mutation {
  /** The file, relative to the lab's root, e.g. `src/run-agent.ts`. */
  file: string;
  /** Text that must occur exactly once in that file; otherwise the lab is not built. */
  find: string;
  /** The text that takes its place. */
  replace: string;
}

/** A lab the tests build from the solution: its own files laid over a copy, then its mutations. */
export interface FixtureLab {
  /** The lab's name, unique within its group; its own files, if any, are in `__fixtures__/<group>/<name>/`. */
  name: string;
  /**
   * `broken-labs` fail one check; `fault-labs` hang, throw, exit or flood; `recognising-labs`
   * special-case the grader's fixed inputs.
   */
  group: 'broken-labs' | 'fault-labs' | 'recognising-labs' | 'forging-labs';
  /** One line saying what is wrong with the lab, for the person reading a failing test. */
  why: string;
  /** Edits applied in order after the lab's own files are copied; empty when the files say it all. */
  mutations: Mutation[];
}

/** Where an inserted text goes: next to `anchor`, which must occur exactly once in `file`. */
interface InsertOptions {
  /** The file, relative to the lab's root. */
  file: string;
  /** Text that must occur exactly once in the file. */
  anchor: string;
  /** The text to insert. */
  text: string;
}

/** A mutation that puts `text` just before `anchor`. */
export function insertBefore({ file, anchor, text }: InsertOptions): Mutation {
  return { file, find: anchor, replace: text + anchor };
}

/** A mutation that puts `text` just after `anchor`. */
export function insertAfter({ file, anchor, text }: InsertOptions): Mutation {
  return { file, find: anchor, replace: anchor + text };
}

/**
 * Turns the solution copied into `root` into `lab`: copies the lab's own files over it, then makes
 * each mutation. Throws, naming the lab, the file and the snippet, when a snippet is missing or
 * ambiguous: the solution has changed, and the mutation in the table must be updated to match.
 */
export async function applyFixtureLab({ root, lab }: { root: string; lab: FixtureLab }) {
  const ownFiles = join(FIXTURES, lab.group, lab.name);
  const hasOwnFiles = existsSync(ownFiles);
  if (!hasOwnFiles && lab.mutations.length === 0) {
    throw new Error(
      `${lab.group}/${lab.name} has neither files in ${ownFiles} nor mutations; give it one or the other`,
    );
  }
  if (hasOwnFiles) await cp(ownFiles, root, { recursive: true });
  for (const mutation of lab.mutations) {
    const path = join(root, mutation.file);
    const text = await readFile(path, 'utf8');
    const count = text.split(mutation.find).length - 1;
    if (count !== 1) {
      throw new Error(
        `${lab.group}/${lab.name}: ${mutation.file} holds the snippet below ${count} times, not exactly once. ` +
          `The solution has changed; update this mutation in grader/src/__fixtures__/${lab.group}.ts.\n` +
          `snippet:\n${mutation.find}`,
      );
    }
    await writeFile(
      path,
      text.replace(mutation.find, () => mutation.replace),
    );
  }
}
