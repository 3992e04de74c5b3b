import { createMockModel, createOpenAIModel, readModelConfig } from '@agent-course/core';
import type { ModelClient } from '@agent-course/core';
import { createMockScript } from './mock-script';
import type { Injection } from './mock-script';

/** The offline model's seed: the same seed splits the same fragments at the same places. */
const MOCK_SEED = 3;

/** A model ready to use, and how to release what it holds. */
export interface OpenModel {
  /** The model to stream turns from. */
  client: ModelClient;
  /** Stops the loopback server of the offline model; nothing to do for a real endpoint. */
  close(): Promise<void>;
}

/**
 * The scripted model behind the loopback server when MOCK=1, otherwise the endpoint the
 * environment names. The offline stream is shaped like a real gateway's: the index starts at 1 and
 * parallel calls interleave, with the second call's head first, so the lab meets those quirks offline.
 */
export async function openModel({
  env,
  inject,
}: {
  env: NodeJS.ProcessEnv;
  inject?: Injection;
}): Promise<{ ok: true; value: OpenModel } | { ok: false; error: string }> {
  if (env.MOCK === '1') {
    const mock = await createMockModel({
      steps: createMockScript({ inject }),
      seed: MOCK_SEED,
      quirks: { indexBase: 1, interleave: true, headsOutOfOrder: true },
    });
    return { ok: true, value: { client: mock.model, close: mock.close } };
  }
  if (inject) return { ok: false, error: 'INJECT only works with the offline model; add MOCK=1.' };
  const config = readModelConfig(env);
  if (!config.ok) return config;
  return { ok: true, value: { client: createOpenAIModel(config.value), close: async () => {} } };
}
