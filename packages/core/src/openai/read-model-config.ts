/** How to reach an OpenAI-compatible endpoint. */
export interface ModelConfig {
  /** The secret sent as the bearer token. */
  apiKey: string;
  /** The endpoint's base URL ending in `/v1`; the SDK's default (OpenAI) when absent. */
  baseURL?: string;
  /** The model name the endpoint expects, e.g. `gpt-4.1-mini`. */
  model: string;
}

/** Either a usable configuration or one sentence saying what to set. */
export type ModelConfigResult = { ok: true; value: ModelConfig } | { ok: false; error: string };

/**
 * Reads the model configuration from environment variables: OPENAI_API_KEY, OPENAI_BASE_URL
 * (optional) and MODEL. Blank values count as missing, because `MODEL= pnpm start` is a typo,
 * not a choice.
 */
export function readModelConfig(env: Record<string, string | undefined>): ModelConfigResult {
  const apiKey = env.OPENAI_API_KEY?.trim() ?? '';
  const baseURL = env.OPENAI_BASE_URL?.trim() ?? '';
  const model = env.MODEL?.trim() ?? '';
  const missing = [apiKey === '' ? 'OPENAI_API_KEY' : '', model === '' ? 'MODEL' : ''].filter(
    (name) => name !== '',
  );
  if (missing.length > 0) {
    const subject = missing.length === 1 ? `${missing[0]} is` : `${missing.join(' and ')} are`;
    return {
      ok: false,
      error: `${subject} not set; set ${missing.length === 1 ? 'it' : 'them'} to reach a real model, or run with MOCK=1 to use the offline scripted model.`,
    };
  }
  return { ok: true, value: baseURL === '' ? { apiKey, model } : { apiKey, baseURL, model } };
}
