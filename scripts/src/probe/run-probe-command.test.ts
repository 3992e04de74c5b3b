import { afterEach, describe, expect, it } from 'vitest';
import { createScriptedModel, startLoopbackServer } from '@agent-course/core/offline';
import type { LoopbackServer } from '@agent-course/core/offline';
import { runProbeCommand } from './run-probe-command';

let server: LoopbackServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function command(args: string[], env: Record<string, string | undefined>) {
  const out: string[] = [];
  let err = '';
  const code = await runProbeCommand({
    args,
    env,
    print: (line) => out.push(line),
    printError: (text) => (err += text),
  });
  return { code, out: out.join('\n'), err };
}

describe('pnpm probe', () => {
  it('prints its table and what to tolerate against the scripted gateway (MOCK=1)', async () => {
    const { code, out, err } = await command(['--runs', '3'], { MOCK: '1' });
    expect(err).toBe('');
    expect(code).toBe(0);
    const rows = out.split('\n').filter((line) => /^\d+ {2}/.test(line));
    expect(rows.map((row) => row.split(/\s{2,}/).slice(0, 3))).toEqual([
      ['1', '1', '2'],
      ['2', '0', '2'],
      ['3', '1', '2'],
    ]);
    expect(out).toContain('What an accumulator must tolerate on this gateway:');
    expect(out).toContain(
      '- the same question started the index at 1 in runs 1, 3 and at 0 in run 2',
    );
  });

  it('never prints the API key of a configured endpoint', async () => {
    const scripted = createScriptedModel({
      steps: [() => ({ toolCalls: [{ name: 'glob', args: '{}' }] })],
    });
    server = await startLoopbackServer({ respond: (body) => scripted.respond(body) });
    const secret = 'sk-probe-very-secret-key';
    const { code, out, err } = await command(['--runs', '1'], {
      OPENAI_API_KEY: secret,
      OPENAI_BASE_URL: server.baseURL,
      MODEL: 'probe-model',
    });
    expect(code).toBe(0);
    expect(out).toContain(`Probing probe-model at ${server.baseURL}`);
    expect(out + err).not.toContain(secret);
  });

  it('answers an unknown option with one sentence and the usage line', async () => {
    const { code, out, err } = await command(['--frobnicate'], {});
    expect(code).toBe(2);
    expect(out).toBe('');
    expect(err).toBe(
      'pnpm probe has no option or argument "--frobnicate".\nUsage: pnpm probe [--runs N] [--help]\n',
    );
  });

  it('prints help, and names what to set when no endpoint is configured', async () => {
    const help = await command(['--help'], {});
    expect(help.code).toBe(0);
    expect(help.out).toMatch(/^Usage: pnpm probe/);
    expect(help.out).toContain('MOCK=1');
    const unset = await command([], {});
    expect(unset.code).toBe(2);
    expect(unset.err).toContain('OPENAI_API_KEY and MODEL are not set');
  });
});
