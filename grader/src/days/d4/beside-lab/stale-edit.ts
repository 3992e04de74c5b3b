import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createReadLedger } from '@agent-course/workspace';
import type { ReadLedger } from '@agent-course/workspace';
import type { DrivingPart } from '../../../beside-lab/driving-part';
import { loadD4Lab } from './d4-lab';
import { OPENED, callKeptTool, keepTools } from './call-tool';

/** A save armed for the next ledger lookup, by workspace: the file and what the person writes. */
const armedSaves = new Map<string, { filePath: string; content: string }>();

/**
 * The ledger the lab's tools share, with one addition: when a save is armed for the workspace,
 * the next lookup (which an edit makes once it has read the file) writes it to disk before
 * answering. The edit then holds content read before the save, so only a comparison made later,
 * just before the rename, can see it.
 */
function createSavingLedger(root: string): ReadLedger {
  const ledger = createReadLedger();
  return {
    ...ledger,
    lookup: (path) => {
      const seen = ledger.lookup(path);
      const save = armedSaves.get(root);
      if (save !== undefined) {
        armedSaves.delete(root);
        writeFileSync(save.filePath, save.content);
      }
      return seen;
    },
  };
}

/**
 * stale-edit's driving part: the lab's own read_file and edit_file sharing one ledger, on a
 * workspace the grader wrote. The person's changes to the file are the grader's, made on disk.
 */
export const operations = {
  /** Opens the workspace at `root` with an empty ledger and the lab's two tools on it. */
  async open({ root }: { root: string }, { labDir }) {
    const lab = await loadD4Lab(labDir);
    const ledger = createSavingLedger(root);
    keepTools({
      root,
      tools: {
        read: lab.createReadFileTool({ ledger }),
        edit: lab.createEditFileTool({ ledger }),
      },
    });
    return OPENED;
  },
  /** What the workspace's read_file answers for `path`. */
  read: ({ root, path }: { root: string; path: string }, { labDir }) =>
    callKeptTool({ root, name: 'read', args: { path }, labDir }),
  /**
   * Arms a person's save of `content` to `path` for the moment the next edit looks the file up in
   * the ledger. Answers whether a save was still armed from before (it never happened).
   */
  async saveDuringNextEdit({
    root,
    path,
    content,
  }: {
    root: string;
    path: string;
    content: string;
  }) {
    const unused = armedSaves.has(root);
    armedSaves.set(root, { filePath: join(root, path), content });
    return unused;
  },
  /** Whether the armed save has happened (an edit looked the file up since it was armed). */
  savedYet: async ({ root }: { root: string }) => !armedSaves.has(root),
  /** What the workspace's edit_file answers `args`. */
  edit: ({ root, args }: { root: string; args: Record<string, unknown> }, { labDir }) =>
    callKeptTool({ root, name: 'edit', args, labDir }),
} satisfies DrivingPart['operations'];
