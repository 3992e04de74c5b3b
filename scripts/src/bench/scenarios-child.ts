// Runs in its own process so the bench can tell import time from scenario time:
// node --import tsx scenarios-child.ts <lab dir>; prints one line of JSON.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** What the child reports to the bench. */
export interface ScenariosChildReport {
  /** Importing the lab's main.ts and the kit's command line, in milliseconds. */
  importMs: number;
  /** Running day 3's three scripted runs in-process, as the grader's checks do, in milliseconds. */
  scenariosMs: number;
  /** Each run's exit code, in the order plain, INJECT=bad_args, INJECT=unknown_tool. */
  exitCodes: number[];
}

const [labDir] = process.argv.slice(2);
if (!labDir) {
  process.stderr.write('usage: scenarios-child.ts <lab dir>\n');
  process.exit(2);
}
const importStarted = performance.now();
const { main } = await import('@agent-course/cli');
const { d3Scenario } = await import('@agent-course/cli/scenarios/d3');
const { commandLine } = (await import(pathToFileURL(join(labDir, 'src', 'main.ts')).href)) as {
  commandLine: Parameters<typeof main>[0]['day'];
};
const scenariosStarted = performance.now();
const exitCodes: number[] = [];
for (const inject of [undefined, 'bad_args', 'unknown_tool']) {
  exitCodes.push(
    await main({
      day: { ...commandLine, scenario: d3Scenario },
      // Without --cwd the command line makes its sandbox, the repository the grader's runs use.
      args: [],
      io: {
        env: { MOCK: '1', NO_COLOR: '1', ...(inject ? { INJECT: inject } : {}) },
        stdout: () => {},
        stderr: () => {},
      },
    }),
  );
}
const report: ScenariosChildReport = {
  importMs: scenariosStarted - importStarted,
  scenariosMs: performance.now() - scenariosStarted,
  exitCodes,
};
process.stdout.write(`${JSON.stringify(report)}\n`);
