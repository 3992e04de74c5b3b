import { readModelConfig } from '@agent-course/core';
import type { OpenAIModelOptions } from '@agent-course/core';
import { PROBE_USAGE, parseProbeArguments } from './parse-probe-arguments';
import { renderProbeTable } from './render-probe-table';
import { runProbe } from './run-probe';
import { startProbeMock } from './start-probe-mock';
import { summarizeTolerances } from './summarize-tolerances';

/** `pnpm probe`: measures how the configured endpoint streams tool calls; resolves to the exit code. */
export async function runProbeCommand(options: {
  args: string[];
  env: Record<string, string | undefined>;
  print: (line: string) => void;
  printError: (text: string) => void;
}): Promise<number> {
  const { print, printError } = options;
  const parsed = parseProbeArguments(options.args);
  if (!parsed.ok) {
    printError(`${parsed.error}\n${PROBE_USAGE.split('\n')[0]}\n`);
    return 2;
  }
  if (parsed.value.help) {
    print(PROBE_USAGE.trimEnd());
    return 0;
  }

  let endpoint: Omit<OpenAIModelOptions, 'onExchange' | 'reader' | 'writer'>;
  let describe: string;
  let close = async () => {};
  if (options.env.MOCK === '1') {
    const mock = await startProbeMock();
    close = mock.close;
    endpoint = { apiKey: 'mock', baseURL: mock.baseURL, model: 'scripted', maxRetries: 0 };
    describe = 'the scripted gateway (MOCK=1), which starts the index at 1 and at 0 by turns';
  } else {
    const config = readModelConfig(options.env);
    if (!config.ok) {
      printError(`${config.error}\n`);
      return 2;
    }
    endpoint = config.value;
    describe = `${config.value.model} at ${config.value.baseURL ?? 'https://api.openai.com/v1'}`;
  }

  const { runs } = parsed.value;
  print(
    `Probing ${describe}: the same parallel-call question, ${runs} time${runs === 1 ? '' : 's'}.`,
  );
  try {
    const results = await runProbe({
      endpoint,
      runs,
      onRun: (run) => {
        for (const notice of run.notices) print(`! run ${run.run}: ${notice}`);
      },
    });
    print('');
    for (const line of renderProbeTable(results)) print(line);
    print('');
    print('What an accumulator must tolerate on this gateway:');
    for (const line of summarizeTolerances(results)) print(`- ${line}`);
    return results.every((run) => run.error !== undefined) ? 1 : 0;
  } finally {
    await close();
  }
}
