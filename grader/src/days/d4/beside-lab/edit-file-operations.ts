import type { DrivingPart } from '../../../beside-lab/driving-part';
import { loadD4Lab } from './d4-lab';
import { OPENED, callKeptTool, keepTools, recordAsRead } from './call-tool';

/**
 * The driving part of the checks of edit_file alone (no-match, ambiguity, bytes-preserved): the
 * lab's edit_file on a workspace the grader wrote, over one ledger from step to step.
 */
export const editFileOperations = {
  /**
   * Opens the workspace at `root`: `read` recorded as read (as a working read_file records a
   * file), and the lab's edit_file on that ledger.
   */
  async open({ root, read }: { root: string; read: string[] }, { labDir }) {
    const lab = await loadD4Lab(labDir);
    const ledger = await recordAsRead({ root, files: read });
    keepTools({ root, tools: { edit: lab.createEditFileTool({ ledger }) } });
    return OPENED;
  },
  /** What the workspace's edit_file answers `args`. */
  edit: ({ root, args }: { root: string; args: Record<string, unknown> }, { labDir }) =>
    callKeptTool({ root, name: 'edit', args, labDir }),
} satisfies DrivingPart['operations'];
