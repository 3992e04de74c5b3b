import { stat } from 'node:fs/promises';
import { DEFAULT_COMMAND_TIMEOUT_MS, MAX_COMMAND_BYTES, MAX_COMMAND_TIMEOUT_MS } from './limits';

/**
 * Why a command must not be started, in a sentence that says what to send instead, or undefined
 * when it may run. Nothing is started before every check has passed.
 */
export async function checkCommand({
  command,
  cwd,
  timeoutMs,
}: {
  command: string;
  cwd: string;
  timeoutMs: number;
}): Promise<string | undefined> {
  if (process.platform === 'win32') {
    return 'commands need Linux or macOS, where process groups can be stopped; on Windows, run the course inside WSL';
  }
  if (!Number.isInteger(timeoutMs) || timeoutMs < 1 || timeoutMs > MAX_COMMAND_TIMEOUT_MS) {
    return `timeout_ms must be a whole number of milliseconds from 1 to ${MAX_COMMAND_TIMEOUT_MS}; leave it out for the default of ${DEFAULT_COMMAND_TIMEOUT_MS}`;
  }
  if (command.trim() === '') {
    return 'the command is empty; send a shell command to run, e.g. "npm test"';
  }
  if (command.includes('\0')) {
    return 'the command contains a NUL byte, which no shell command can hold; send the command as plain text';
  }
  const bytes = Buffer.byteLength(command);
  if (bytes > MAX_COMMAND_BYTES) {
    // The command itself is not repeated: it can be a megabyte long.
    return `the command is ${bytes.toLocaleString('en-US')} bytes long, more than the ${MAX_COMMAND_BYTES.toLocaleString('en-US')} a command may hold; write the script to a file with create_file and run that file`;
  }
  if (!(await isFolder(cwd)))
    return 'the working folder does not exist, so the command was not run';
  return undefined;
}

async function isFolder(folder: string): Promise<boolean> {
  try {
    return (await stat(folder)).isDirectory();
  } catch {
    return false;
  }
}
