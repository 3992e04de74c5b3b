import { spawn } from 'node:child_process';

/** How a program run ended and what it printed. */
export interface ProgramRun {
  /** The exit code; null when a signal ended it. */
  exitCode: number | null;
  /** Everything written to standard output, or '' when `keepOutput` was false. */
  stdout: string;
  /** How many bytes it wrote to standard output. */
  stdoutBytes: number;
}

/**
 * Runs a program to the end. Its output goes through a pipe, like a tool's output would, and is
 * only counted unless `keepOutput` is set: holding a hundred thousand paths would cost the bench,
 * not the program.
 */
export function runProgram({
  command,
  args,
  cwd,
  keepOutput = false,
}: {
  command: string;
  args: string[];
  cwd: string;
  keepOutput?: boolean;
}): Promise<ProgramRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'ignore'] });
    const chunks: Buffer[] = [];
    let stdoutBytes = 0;
    child.stdout.on('data', (chunk: Buffer) => {
      stdoutBytes += chunk.length;
      if (keepOutput) chunks.push(chunk);
    });
    child.on('error', reject);
    child.on('close', (exitCode) => {
      resolve({ exitCode, stdout: Buffer.concat(chunks).toString('utf8'), stdoutBytes });
    });
  });
}
