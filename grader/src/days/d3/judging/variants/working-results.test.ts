import { describe, expect, it } from 'vitest';
import type { LabTranscript } from '../../beside-lab/lab-transcript';
import type { ScriptedScenario } from '../../beside-lab/scripted-run/scripted-scenario';
import { answerWithDayTools, describeDifference, judgeWorkingResults } from './working-results';

const GLOB = { name: 'glob', args: '{"pattern":"**/*.js"}' };
const GLOB_ANSWER = 'src/calc.js\nsrc/tables/primes.js\ntest/calc.test.js';
const ECHO = { name: 'list_dir', args: '{"text":"src"}' };

const SCRIPT: ScriptedScenario = {
  label: 'a run',
  question: 'Which files?',
  turns: [
    { text: 'Two at once.', toolCalls: [GLOB, ECHO, { name: 'edit_file', args: '{}' }] },
    { text: 'Done.' },
  ],
  seed: 1,
  quirks: {},
  tools: [{ lab: 'glob' }, { standIn: 'list_dir' }],
};

/** The script's run as a lab fed it back, each call answered with `answers[i]`. */
function transcriptWith(answers: Array<{ content: string; ok?: boolean }>): LabTranscript {
  const calls = SCRIPT.turns[0]!.toolCalls!.map((call, position) => ({
    id: `call_${position}`,
    ...call,
  }));
  return {
    question: SCRIPT.question,
    stopReason: 'done',
    messages: [
      { role: 'user', content: SCRIPT.question },
      { role: 'assistant', content: 'Two at once.', toolCalls: calls },
      ...calls.map((call, position) => ({
        role: 'tool' as const,
        toolCallId: call.id,
        content: answers[position]!.content,
      })),
      { role: 'assistant', content: 'Done.' },
    ],
    results: calls.map((call, position) => ({
      toolCallId: call.id,
      name: call.name,
      ok: answers[position]!.ok ?? true,
      contentChars: answers[position]!.content.length,
    })),
  };
}

const UNKNOWN = { content: 'there is no tool named edit_file', ok: false };
const judge = (transcript: LabTranscript) => judgeWorkingResults({ transcript, script: SCRIPT });

describe('answerWithDayTools', () => {
  it("answers each call as the day's tools and the script's stand-ins do; an unknown tool gets none", async () => {
    const answers = await answerWithDayTools(SCRIPT);
    expect(answers.map(({ call, result }) => [call.name, result.ok, result.content])).toEqual([
      ['glob', true, GLOB_ANSWER],
      ['list_dir', true, 'list_dir: src'],
    ]);
  });
});

describe('judgeWorkingResults', () => {
  it("passes the tools' own answers, and leaves a failed call to the check", async () => {
    const outcome = await judge(
      transcriptWith([{ content: GLOB_ANSWER }, { content: 'list_dir: src' }, UNKNOWN]),
    );
    expect(outcome.passed).toBe(true);
  });

  it('fails an answer of the right size with other text, and says where it differs', async () => {
    const outcome = await judge(
      transcriptWith([
        { content: GLOB_ANSWER.replace('primes.js', 'primes.ts') },
        { content: 'list_dir: src' },
        UNKNOWN,
      ]),
    );
    expect(outcome).toMatchObject({
      passed: false,
      expected:
        "a run: each working call to feed back its tool's answer, as day 3's tools give it on the sandbox: " +
        'glob({"pattern":"**/*.js"}) (50), list_dir({"text":"src"}) (13)',
      got:
        'glob({"pattern":"**/*.js"}) (50), list_dir({"text":"src"}) (13); glob({"pattern":"**/*.js"}) ' +
        'matches its first 30 characters, then reads "…s\\nsrc/tables/primes.ts\\ntest/calc.test.js" ' +
        'where the tool\'s answer reads "…s\\nsrc/tables/primes.js\\ntest/calc.test.js"',
      mistake: 'result-changed',
    });
  });

  it('fails answers swapped between calls, and a working call marked failed', async () => {
    const swapped = await judge(
      transcriptWith([{ content: 'list_dir: src' }, { content: GLOB_ANSWER }, UNKNOWN]),
    );
    expect(swapped).toMatchObject({ passed: false, mistake: 'result-changed' });
    const markedFailed = await judge(
      transcriptWith([{ content: GLOB_ANSWER }, { content: 'list_dir: src', ok: false }, UNKNOWN]),
    );
    expect(markedFailed).toMatchObject({
      passed: false,
      got: expect.stringMatching(/; list_dir\(\{"text":"src"\}\) came back with ok: false$/),
    });
  });
});

describe('describeDifference', () => {
  it('quotes both sides from just before where they part, or says which stops short', () => {
    expect(describeDifference({ got: 'x', expected: 'abc' })).toBe(
      'fed back "x" where the tool\'s answer reads "abc"',
    );
    expect(describeDifference({ got: 'ab', expected: 'abc' })).toBe(
      'stops after its first 2 characters, where the tool\'s answer goes on "abc"',
    );
    expect(describeDifference({ got: '', expected: 'abc' })).toBe(
      'fed back nothing where the tool\'s answer reads "abc"',
    );
    expect(describeDifference({ got: 'abcd', expected: 'abc' })).toBe(
      'matches the tool\'s answer whole, then goes on "abcd"',
    );
    expect(
      describeDifference({ got: `${'a'.repeat(200)}b`, expected: `${'a'.repeat(200)}c` }),
    ).toBe(
      `matches its first 200 characters, then reads "…${'a'.repeat(20)}b" where the tool's answer reads "…${'a'.repeat(20)}c"`,
    );
  });
});
