/**
 * Runs a day-3 lab's own loop and registry on a script the grader owns, and writes a transcript in
 * the shape the lab CLI writes, so the CLI checks judge both the same way. Started by
 * `runLabCli({ scenario })` as a bounded process: the lab's code never runs in the grader.
 *
 *   node --import tsx run-scripted-lab.ts --lab DIR --scenario FILE --cwd DIR --transcript FILE
 */
import { readFile, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { runScriptedScenario, type ScriptedLab } from './run-scripted-scenario';
import { ScriptedScenario } from './scripted-scenario';

const { values } = parseArgs({
  options: {
    lab: { type: 'string' },
    scenario: { type: 'string' },
    cwd: { type: 'string' },
    transcript: { type: 'string' },
  },
});
try {
  const scenario = ScriptedScenario.parse(
    JSON.parse(await readFile(values.scenario ?? '', 'utf8')),
  );
  const lab = await loadScriptedLab(values.lab ?? '');
  const { error, ...transcript } = await runScriptedScenario({
    lab,
    scenario,
    cwd: values.cwd ?? '.',
  });
  await writeFile(values.transcript ?? '', `${JSON.stringify(transcript, null, 2)}\n`);
  if (transcript.stopReason !== 'done') {
    process.stderr.write(`Stopped: ${error ?? transcript.stopReason}\n`);
    process.exitCode = 1;
  }
} catch (error) {
  // As the lab CLI does: one sentence saying where to look, not a stack.
  const reason = error instanceof Error ? error.message : String(error);
  process.stderr.write(
    `The agent stopped on an unexpected error: ${reason}\n` +
      'Tool problems should come back as failed results (see src/tool-registry.ts).\n',
  );
  process.exitCode = 1;
}

/**
 * The lab's registry, tools and loop from the files its `main.ts` imports them from, not from
 * `src/index.ts`: like the lab's CLI run, this run does not depend on the entry file.
 */
async function loadScriptedLab(labDir: string): Promise<ScriptedLab> {
  const load = (file: string) => import(pathToFileURL(join(labDir, 'src', file)).href);
  const [registry, tools, loop] = await Promise.all([
    load('tool-registry.ts'),
    load('read-only-tools.ts'),
    load('run-agent.ts'),
  ]);
  return {
    createToolRegistry: registry.createToolRegistry,
    readOnlyTools: tools.readOnlyTools,
    runAgent: loop.runAgent,
  };
}
