import { findMarkedProcesses, killProcesses } from './find-marked-processes';

/**
 * Markers for the processes a test's commands start, handed out one per test case, so that after
 * each case the ones still running can be found, killed, and named:
 *
 *   const markers = new ProcessMarkers();
 *   afterEach(async () => expect(await markers.killSurvivors()).toEqual([]));
 *   const marker = markers.next(); // then run `sleep 1000.${marker}`
 */
export class ProcessMarkers {
  private readonly handedOut: string[] = [];
  private count = 0;

  /** A marker no other process carries: this process's id, a count, and random digits. */
  next(): string {
    const marker = `${process.pid}${this.count++}${Math.floor(Math.random() * 1e9)}`;
    this.handedOut.push(marker);
    return marker;
  }

  /**
   * Kills every process still carrying a marker handed out since the last call (so a failing
   * test cleans up after itself) and returns their command lines: empty when nothing survived.
   */
  async killSurvivors(): Promise<string[]> {
    const markers = this.handedOut.splice(0);
    const survivors = (await Promise.all(markers.map(findMarkedProcesses))).flat();
    killProcesses(survivors);
    return survivors.map((survivor) => survivor.commandLine);
  }
}
