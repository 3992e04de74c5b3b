import { findProgram } from './find-program';
import { runProgram } from './run-program';

/** The baseline programs' versions, e.g. "rg 13.0.0, fdfind 8.6.0, grep (GNU grep) 3.8"; missing ones say so. */
export async function describeBaselines(): Promise<string> {
  const described: string[] = [];
  for (const names of [['rg'], ['fd', 'fdfind'], ['grep']]) {
    const program = await findProgram(names);
    if (!program) {
      described.push(`${names.join('/')} missing`);
      continue;
    }
    const run = await runProgram({
      command: program,
      args: ['--version'],
      cwd: '.',
      keepOutput: true,
    });
    described.push(run.stdout.split('\n')[0]?.trim() || program);
  }
  return described.join(', ');
}
