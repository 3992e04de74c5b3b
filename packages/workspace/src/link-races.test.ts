import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveInsideWorkspace } from './boundary/resolve-inside-workspace';
import { createFile } from './create-file';
import { fingerprintBytes, sameFingerprint } from './file-fingerprint';
import { fingerprintFile } from './fingerprint-file';
import { globWorkspace } from './glob/glob-workspace';
import { grepWorkspace } from './grep/grep-workspace';
import { createReadLedger } from './read-ledger';
import { readFileToEdit } from './read-file-to-edit';
import { readWorkspaceFile } from './read/read-workspace-file';
import { spliceEdit } from './splice-edit';
import { writeFileAtomically } from './write-file-atomically';
import { CANARY, createTestWorkspace } from './testing/create-test-workspace';
import type { TestWorkspace } from './testing/create-test-workspace';
import { startLinkSwapper } from './testing/swap-with-link';
import type { WorkspaceAnswer } from './workspace-answer';

// Time-of-check to time-of-use: a child process swaps a folder or a file inside the working
// directory for a symbolic link to the outside and back, as fast as it can, while a tool runs on
// it again and again. Whatever moment a swap lands, nothing from outside may come back, and no
// message may name the machine's absolute paths. Both sides are bounded by counts, not by time.

/** Swaps the racing child makes; far more than the calls need, so every call meets the race. */
const SWAPS = 2_000_000;
/** Calls of each tool during one race. */
const CALLS = 300;
/** A file only the outside folder holds: its name in a listing means the walk went outside. */
const OUTSIDE_ONLY = 'outside-only.txt';
/**
 * Names both the inside folder and the outside one hold: grep lists them inside, then opens each,
 * so every open is a chance for the swap to land between the listing and the reading.
 */
const SHARED_NAMES = Array.from({ length: 40 }, (_unused, index) => `shared-${index}.txt`);
/** Folders both hold: a walk entering one while the folder above is a link would list outside. */
const SHARED_FOLDERS = Array.from({ length: 20 }, (_unused, index) => `folder-${index}`);

let workspace: TestWorkspace;
beforeAll(async () => {
  workspace = await createTestWorkspace({
    'box/canary.txt': 'inside text\n',
    'box/inner/note.txt': 'inside note\n',
    'file.txt': 'inside file\n',
  });
  await writeFile(path.join(workspace.outside, OUTSIDE_ONLY), `${CANARY}\n`);
  for (const name of SHARED_NAMES) {
    await writeFile(path.join(workspace.root, 'box', name), 'inside text\n');
    await writeFile(path.join(workspace.outside, name), `${CANARY}\n`);
  }
  for (const folder of SHARED_FOLDERS) {
    await mkdir(path.join(workspace.root, 'box', folder));
    await writeFile(path.join(workspace.root, 'box', folder, 'inside.txt'), 'inside\n');
    await mkdir(path.join(workspace.outside, folder));
    await writeFile(path.join(workspace.outside, folder, OUTSIDE_ONLY), `${CANARY}\n`);
  }
});
afterAll(() => workspace.cleanup());

/** What glob lists in the box once it is in place, sorted as glob sorts. */
const INSIDE_BOX = [
  'box/canary.txt',
  'box/inner/note.txt',
  ...SHARED_FOLDERS.map((folder) => `box/${folder}/inside.txt`),
  ...SHARED_NAMES.map((name) => `box/${name}`),
].sort();

/** The text of an answer, either way. */
const textOf = (answer: WorkspaceAnswer) => (answer.ok ? answer.text : answer.error);

/**
 * Runs `call` CALLS times while `entry` is swapped for a link to `target`; returns every text.
 * How the calls and the swaps interleave is up to the scheduler, so no outcome under the race is
 * required except the absence of a leak; once the race is over, the call must answer `settled`,
 * which shows the setup reads what it should. (With the descriptor check disabled, these tests
 * fail: the race reads outside within the first few hundred calls.)
 */
async function underRace({
  entry,
  target,
  call,
  settled,
}: {
  entry: string;
  target: string;
  call: () => Promise<WorkspaceAnswer>;
  settled: string;
}): Promise<string[]> {
  const swapper = await startLinkSwapper({
    entry: path.join(workspace.root, entry),
    target,
    iterations: SWAPS,
  });
  const texts: string[] = [];
  try {
    for (let index = 0; index < CALLS; index += 1) texts.push(textOf(await call()));
  } finally {
    await swapper.stop();
  }
  expect(textOf(await call())).toBe(settled);
  return texts;
}

function expectNothingFromOutside(texts: string[]): void {
  const machinePath = path.dirname(workspace.root);
  for (const text of texts) {
    expect(text).not.toContain(CANARY);
    expect(text).not.toContain(OUTSIDE_ONLY);
    expect(text).not.toContain(machinePath);
  }
}

describe('a folder swapped for a link to the outside while the tools run', () => {
  it('glob never lists what the outside folder holds', async () => {
    const texts = await underRace({
      entry: 'box',
      target: workspace.outside,
      call: () => globWorkspace({ cwd: workspace.root, pattern: 'box/**' }),
      settled: INSIDE_BOX.join('\n'),
    });
    expectNothingFromOutside(texts);
  }, 120_000);

  it('grep never reads a file through it', async () => {
    const texts = await underRace({
      entry: 'box',
      target: workspace.outside,
      call: () =>
        grepWorkspace({ cwd: workspace.root, pattern: 'CANARY|inside', include: 'box/*' }),
      settled: INSIDE_BOX.filter((file) => file.split('/').length === 2)
        .map((file) => `${file}:1:inside text`)
        .join('\n'),
    });
    expectNothingFromOutside(texts);
  }, 120_000);

  it('read_file never reads a file through it', async () => {
    const texts = await underRace({
      entry: 'box',
      target: workspace.outside,
      call: () => readWorkspaceFile({ cwd: workspace.root, path: 'box/canary.txt' }),
      settled: 'box/canary.txt (lines 1-1 of 1)\n1: inside text',
    });
    expectNothingFromOutside(texts);
  }, 120_000);
});

describe('a file swapped for a link to the outside canary while the tools run', () => {
  it('read_file never reads the canary', async () => {
    const texts = await underRace({
      entry: 'file.txt',
      target: path.join(workspace.outside, 'canary.txt'),
      call: () => readWorkspaceFile({ cwd: workspace.root, path: 'file.txt' }),
      settled: 'file.txt (lines 1-1 of 1)\n1: inside file',
    });
    expectNothingFromOutside(texts);
  }, 120_000);

  it('grep never reads the canary', async () => {
    const texts = await underRace({
      entry: 'file.txt',
      target: path.join(workspace.outside, 'canary.txt'),
      call: () =>
        grepWorkspace({ cwd: workspace.root, pattern: 'CANARY|inside', include: 'file.txt' }),
      settled: 'file.txt:1:inside file',
    });
    expectNothingFromOutside(texts);
  }, 120_000);
});

/** What the outside folder holds before a race: nothing may be added to it or changed in it. */
async function outsideSnapshot(): Promise<string> {
  const names = (await readdir(workspace.outside, { recursive: true })).sort();
  const contents = await Promise.all(
    names.map((name) =>
      readFile(path.join(workspace.outside, name), 'utf8').catch(() => '(folder)'),
    ),
  );
  return JSON.stringify(names.map((name, index) => [name, contents[index]]));
}

/**
 * Runs `write` with call numbers 0 to CALLS - 1 while the box is swapped for a link to the
 * outside, then checks that the outside holds exactly what it held before. Each call resolves
 * its path first, as the writing tools do; a refusal by the boundary counts as a call too.
 */
async function expectNoWriteOutside(
  write: (
    index: number,
    at: (given: string) => Promise<WorkspacePlace | undefined>,
  ) => Promise<void>,
): Promise<void> {
  const before = await outsideSnapshot();
  const swapper = await startLinkSwapper({
    entry: path.join(workspace.root, 'box'),
    target: workspace.outside,
    iterations: SWAPS,
  });
  const at = async (given: string) => {
    const place = await resolveInsideWorkspace({ cwd: workspace.root, path: given });
    return place.ok ? place : undefined;
  };
  try {
    for (let index = 0; index < CALLS; index += 1) await write(index, at);
  } finally {
    await swapper.stop();
  }
  expect(await outsideSnapshot()).toBe(before);
}

/** A path the boundary accepted. */
type WorkspacePlace = Extract<Awaited<ReturnType<typeof resolveInsideWorkspace>>, { ok: true }>;

// Linux writes through the checked folder's descriptor (/proc/self/fd). Through names alone
// (macOS) a swap between the last check and the rename can still win, so the race is not run there.
describe.runIf(existsSync('/proc/self/fd'))(
  'a folder swapped for a link to the outside while the writing tools run',
  () => {
    it('create_file never creates a file or a folder outside', async () => {
      const ledger = createReadLedger();
      await expectNoWriteOutside(async (index, at) => {
        // A file straight in the folder, and one in folders the create must make first.
        for (const given of [`box/new-${index}.txt`, `box/made-${index}/deeper/new.txt`]) {
          const place = await at(given);
          if (place)
            await createFile({
              ...place,
              requestedPath: given,
              content: `${CANARY} written\n`,
              ledger,
            });
        }
      });
    }, 120_000);

    it('edit_file never writes outside, even over a file with the content the model read', async () => {
      // The outside holds the same text under the same name: a fingerprint cannot tell them apart.
      await writeFile(path.join(workspace.root, 'box', 'twin.txt'), 'twin\n');
      await writeFile(path.join(workspace.outside, 'twin.txt'), 'twin\n');
      const twin = fingerprintBytes(Buffer.from('twin\n'));
      const isTwin = async (filePath: string) => {
        const now = await fingerprintFile({ filePath });
        return now.ok && sameFingerprint(now.fingerprint, twin);
      };
      await expectNoWriteOutside(async (index, at) => {
        // As day 4's edit does, with the twin as what read_file showed: once the inside file is
        // edited, only a read of the outside twin still matches, so any later write is outside.
        const place = await at('box/twin.txt');
        if (!place) return;
        const file = await readFileToEdit({ ...place, ledger: createReadLedger() });
        if (!file.ok || !sameFingerprint(file.fingerprint, twin)) return;
        const newString = `edited ${index}\n`;
        const spliced = spliceEdit({
          file,
          relativePath: place.relativePath,
          starts: [0],
          oldString: 'twin\n',
          newString,
        });
        if (!spliced.ok) return;
        await writeFileAtomically({
          filePath: place.absolutePath,
          realRoot: place.realRoot,
          content: spliced.content,
          beforeReplace: async (currentPath) =>
            (await isTwin(currentPath)) ? undefined : 'changed',
        });
      });
    }, 120_000);
  },
);
