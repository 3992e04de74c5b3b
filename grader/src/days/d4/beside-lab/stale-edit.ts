import { createReadLedger } from '@agent-course/workspace';
import type { DrivingPart } from '../../../beside-lab/driving-part';
import { loadD4Lab } from './d4-lab';
import { OPENED, callKeptTool, keepTools } from './call-tool';

/**
 * stale-edit's driving part: the lab's own read_file and edit_file sharing one ledger, on a
 * workspace the grader wrote. The person's changes to the file are the grader's, made on disk.
 */
export const operations = {
  /** Opens the workspace at `root` with an empty ledger and the lab's two tools on it. */
  async open({ root }: { root: string }, { labDir }) {
    const lab = await loadD4Lab(labDir);
    const ledger = createReadLedger();
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
  /** What the workspace's edit_file answers `args`. */
  edit: ({ root, args }: { root: string; args: Record<string, unknown> }, { labDir }) =>
    callKeptTool({ root, name: 'edit', args, labDir }),
} satisfies DrivingPart['operations'];
