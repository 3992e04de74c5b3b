import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { WorkspaceAnswer } from '../workspace-answer';

/** A tool engine's answer, or why no unprivileged user could run it. */
export type UnprivilegedRun =
  { ran: true; answer: WorkspaceAnswer } | { ran: false; reason: string };

const SOURCE_FOLDER = path.dirname(fileURLToPath(import.meta.url));
/** The package's own folder. */
const PACKAGE_FOLDER = path.resolve(SOURCE_FOLDER, '..', '..');
/** tsx, resolved here: the child runs TypeScript, wherever it is started from. */
const TSX = import.meta.resolve('tsx');
const RUN_TOOL = path.join(SOURCE_FOLDER, '__fixtures__', 'run-tool.ts');
const DROP_PRIVILEGES = ['setpriv', '--reuid=nobody', '--regid=nogroup', '--clear-groups'];
const run = promisify(execFile);

/**
 * Runs a read-only tool's engine (callEngine) in a child process as the user "nobody": root reads every file whatever
 * its permissions, so a test of unreadable entries proves nothing as root. Run by another user,
 * the child keeps that user. When root cannot switch users (no setpriv), the run is reported as
 * not done, with the reason, for the test to skip; a tool that fails in the child still fails.
 * The working directory and its parents must be readable by "nobody".
 */
export async function runToolUnprivileged(options: {
  tool: string;
  cwd: string;
  args: Record<string, unknown>;
}): Promise<UnprivilegedRun> {
  const prefix = process.getuid?.() === 0 ? DROP_PRIVILEGES : [];
  if (prefix.length > 0) {
    try {
      await run(prefix[0]!, [...prefix.slice(1), 'true']);
    } catch {
      return { ran: false, reason: 'running as root and setpriv cannot switch to the user nobody' };
    }
  }
  const command = [...prefix, process.execPath, '--import', TSX, RUN_TOOL];
  const { stdout } = await run(
    command[0]!,
    [...command.slice(1), options.tool, options.cwd, JSON.stringify(options.args)],
    { cwd: PACKAGE_FOLDER, timeout: 60_000 },
  );
  return { ran: true, answer: JSON.parse(stdout) as WorkspaceAnswer };
}
