import { readFile } from 'node:fs/promises';
import os from 'node:os';

/** The machine a run was measured on, printed above the table and kept in the results file. */
export interface MachineInfo {
  /** Cores this process may use (what `nproc` prints). */
  cores: number;
  /** Total memory in bytes. */
  memoryBytes: number;
  /** The processor's model name from /proc/cpuinfo, or Node's report of it elsewhere. */
  cpuModel: string;
  /** Node's version, e.g. v20.20.2. */
  nodeVersion: string;
  /** Operating system and kernel release. */
  system: string;
  /** The one-minute load average when the run started: above the core count, other work competed. */
  loadAverage: number;
}

/** Reads what the figures depend on: cores, memory, processor and Node's version. */
export async function readMachineInfo(): Promise<MachineInfo> {
  let cpuModel = os.cpus()[0]?.model ?? 'unknown';
  try {
    const cpuinfo = await readFile('/proc/cpuinfo', 'utf8');
    cpuModel = /^model name\s*:\s*(.+)$/m.exec(cpuinfo)?.[1]?.trim() ?? cpuModel;
  } catch {
    // not Linux: Node's own report stays
  }
  return {
    cores: os.availableParallelism(),
    memoryBytes: os.totalmem(),
    cpuModel,
    nodeVersion: process.version,
    system: `${os.type()} ${os.release()}`,
    loadAverage: os.loadavg()[0] ?? 0,
  };
}

/** One line for the top of the output and the README. */
export function describeMachine(machine: MachineInfo): string {
  const gigabytes = (machine.memoryBytes / 1024 ** 3).toFixed(1);
  return `${machine.cores} cores (nproc), ${gigabytes} GB memory, ${machine.cpuModel}, Node ${machine.nodeVersion}, ${machine.system}; load average ${machine.loadAverage.toFixed(1)} at the start`;
}
