import { describe, expect, it } from 'vitest';
import { readModelConfig } from './read-model-config';

describe('readModelConfig', () => {
  it('reads the key, base URL and model', () => {
    expect(
      readModelConfig({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: 'http://x/v1', MODEL: 'm1' }),
    ).toEqual({ ok: true, value: { apiKey: 'sk-test', baseURL: 'http://x/v1', model: 'm1' } });
  });

  it('leaves the base URL out when it is not set or blank', () => {
    expect(
      readModelConfig({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: ' ', MODEL: 'm1' }),
    ).toEqual({ ok: true, value: { apiKey: 'sk-test', model: 'm1' } });
  });

  it('names the missing key and offers MOCK=1', () => {
    expect(readModelConfig({ MODEL: 'm1' })).toEqual({
      ok: false,
      error:
        'OPENAI_API_KEY is not set; set it to reach a real model, or run with MOCK=1 to use the offline scripted model.',
    });
  });

  it('names a blank model as missing', () => {
    expect(readModelConfig({ OPENAI_API_KEY: 'sk-test', MODEL: '' })).toEqual({
      ok: false,
      error:
        'MODEL is not set; set it to reach a real model, or run with MOCK=1 to use the offline scripted model.',
    });
  });

  it('names both when both are missing, in one sentence', () => {
    expect(readModelConfig({})).toEqual({
      ok: false,
      error:
        'OPENAI_API_KEY and MODEL are not set; set them to reach a real model, or run with MOCK=1 to use the offline scripted model.',
    });
  });
});
