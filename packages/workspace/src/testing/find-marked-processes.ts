import { readdir, readFile } from 'node:fs/promises';
import { execa } from 'execa';

/** A running process whose command line holds a marker. */
export interface MarkedProcess {
  /** Its process id. */
  pid: number;
  /** Its command line, arguments separated by spaces. */
  commandLine: string;
}

/**
 * The living processes whose command line contains `marker`: how a test proves that a command
 * left nothing behind. Put a unique marker in every process the command starts (for example
 * `sleep 1000.4821977`, a valid duration on Linux and macOS). Zombies are left out: they have
 * exited and hold no memory, they only wait for their parent to collect them. Reads /proc on
 * Linux and asks `ps` elsewhere.
 */
export async function findMarkedProcesses(marker: string): Promise<MarkedProcess[]> {
  if (process.platform !== 'linux') {
    const { stdout } = await execa('ps', ['-axo', 'pid=,stat=,args=']);
    return stdout
      .split('\n')
      .map((line) => /^\s*(\d+)\s+(\S+)\s+(.*)$/.exec(line))
      .filter((match): match is RegExpExecArray => match !== null && !match[2]!.startsWith('Z'))
      .filter((match) => match[3]!.includes(marker) && Number(match[1]) !== process.pid)
      .map((match) => ({ pid: Number(match[1]), commandLine: match[3]! }));
  }
  const found: MarkedProcess[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    // A zombie's command line reads as empty, so zombies never match.
    const commandLine = await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
    if (commandLine.includes(marker)) {
      found.push({ pid: Number(entry), commandLine: commandLine.replaceAll('\0', ' ').trim() });
    }
  }
  return found;
}

/** Sends SIGKILL to each process, so a failing test cleans up after itself. */
export function killProcesses(processes: MarkedProcess[]): void {
  for (const { pid } of processes) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // It ended on its own in the meantime.
    }
  }
}
