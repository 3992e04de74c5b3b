/** How to reach an OpenAI-compatible endpoint. */
export interface ModelConfig {
  /** The secret sent as the bearer token. */
  apiKey: string;
  /** The endpoint's base URL ending in `/v1`; the SDK's default (OpenAI) when absent. */
  baseURL?: string;
  /** The model name the endpoint expects, e.g. `gpt-4.1-mini`. */
  model: string;
}
