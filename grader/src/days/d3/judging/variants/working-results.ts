import type { ToolDef, ToolResult } from '@agent-course/core';
import { createSandbox } from '@agent-course/sandbox';
// The tools come whole in the day's starter (no exercise is in them), so the grader runs the
// starter's own copy: no solution code, which a student's template must not hold.
import { globTool } from '../../../../../../labs/d3/src/tools/glob';
import { grepTool } from '../../../../../../labs/d3/src/tools/grep';
import { readFileTool } from '../../../../../../labs/d3/src/tools/read-file';
import type { CheckOutcome } from '../../../../judging/check';
import { answeredCalls } from '../conversation-facts';
import { describeTranscript, type LabTranscript } from '../../beside-lab/lab-transcript';
import type { ScriptedScenario } from '../../beside-lab/scripted-run/scripted-scenario';
import { createStandInTool } from '../../beside-lab/scripted-run/stand-in-tool';

/** Day 3's tools, by the names a script's registry gives them. */
const DAY_TOOLS: Record<'glob' | 'grep' | 'read_file', ToolDef> = {
  glob: globTool,
  grep: grepTool,
  read_file: readFileTool,
};

import { HEAD_CHARS, MAX_RESULT_CHARS } from './truncation-variant';

/** How much of a result the report quotes, on each side of the first difference. */
const QUOTED_CHARS = 80;
/** How much of what came before the first difference the quote keeps, to show where it is. */
const QUOTED_BEFORE = 20;

/** A call of a script and what the day's tool answers it with. */
interface ToolAnswer {
  call: { name: string; args: string };
  result: ToolResult;
}

/**
 * What the day's own tools (and the script's stand-ins) answer each call of the script with, in
 * the order sent, where the call is one a tool can take (its arguments JSON that fit its schema):
 * worked out here in the grader,
 * on a sandbox of its own, with no code of the lab's. The sandbox holds the files the lab's run is
 * played on, in a fresh folder of the grader's (private to it when it runs as root). A call to
 * another tool, or one the tool refuses, gets no answer here: failed calls are judged by what
 * they name, elsewhere.
 */
export async function answerWithDayTools(script: ScriptedScenario): Promise<ToolAnswer[]> {
  const tools = new Map(
    script.tools.map((entry) => {
      const tool = 'lab' in entry ? DAY_TOOLS[entry.lab] : createStandInTool(entry);
      return [tool.name, tool] as const;
    }),
  );
  const sandbox = await createSandbox();
  try {
    const answers: ToolAnswer[] = [];
    for (const call of script.turns.flatMap((turn) => turn.toolCalls ?? [])) {
      const tool = tools.get(call.name);
      const result = tool && (await runAsGiven({ tool, args: call.args, cwd: sandbox.directory }));
      if (result) answers.push({ call, result });
    }
    return answers;
  } finally {
    await sandbox.cleanup();
  }
}

/** A tool's answer to arguments as a model sends them (empty means {}); undefined if it refuses them. */
async function runAsGiven({
  tool,
  args,
  cwd,
}: {
  tool: ToolDef;
  args: string;
  cwd: string;
}): Promise<ToolResult | undefined> {
  let parsed: unknown;
  try {
    parsed = args.trim() === '' ? {} : JSON.parse(args);
  } catch {
    return undefined;
  }
  const checked = tool.parameters.safeParse(parsed);
  if (!checked.success) return undefined;
  try {
    return await tool.run(checked.data, { cwd, signal: new AbortController().signal });
  } catch {
    return undefined;
  }
}

/**
 * Whether what the lab fed back is the tool's answer: the whole of it, or, when the budget cuts
 * it, its first 60% and last 40% of the budget as they are.
 */
function fedBackAsAnswered({ got, expected }: { got: string; expected: string }): boolean {
  if (expected.length <= MAX_RESULT_CHARS) return got === expected;
  return (
    got.length < expected.length &&
    got.startsWith(expected.slice(0, HEAD_CHARS)) &&
    got.endsWith(expected.slice(-(MAX_RESULT_CHARS - HEAD_CHARS)))
  );
}

/**
 * Judges the calls of a scripted run that should work, by what they fed back: each call the day's
 * tools answer with ok: true must come back ok and feed back what they answer, cut only as the
 * budget cuts it (the read-only tools give the same answer on the same files). A transcript built from the script
 * alone, without running the lab's tools, fails here. Failed calls are left to the check's own
 * judging, which reads what they name. A difference is the `result-changed` mistake.
 */
export async function judgeWorkingResults({
  transcript,
  script,
}: {
  transcript: LabTranscript;
  script: ScriptedScenario;
}): Promise<CheckOutcome> {
  const lines = describeTranscript(transcript);
  const finished = await answerWithDayTools(script);
  const describeCall = (call: { name: string; args: string }) => `${call.name}(${call.args})`;
  const working = answeredCalls(transcript.messages).flatMap((entry) => {
    const answer = finished.find(
      (candidate) =>
        candidate.call.name === entry.call.name && candidate.call.args === entry.call.args,
    );
    if (answer?.result.ok !== true) return [];
    const result = transcript.results.find((candidate) => candidate.toolCallId === entry.call.id);
    return [{ entry, expected: answer.result.content, ok: result?.ok === true }];
  });
  const changed = working.find(
    ({ entry, expected, ok }) => !ok || !fedBackAsAnswered({ got: entry.answer ?? '', expected }),
  );
  if (!changed) return { passed: true, transcript: lines };
  const sizes = (list: Array<{ call: string; chars: number | undefined }>) =>
    list.map(({ call, chars }) => `${call} (${chars ?? 'no answer'})`).join(', ');
  const { entry, expected, ok } = changed;
  const call = describeCall(entry.call);
  const difference = ok
    ? describeDifference({ got: entry.answer ?? '', expected })
    : 'came back with ok: false';
  return {
    passed: false,
    expected: `${script.label}: each working call to feed back its tool's answer, as day 3's tools give it on the sandbox: ${sizes(working.map((item) => ({ call: describeCall(item.entry.call), chars: item.expected.length })))}`,
    got: `${sizes(working.map((item) => ({ call: describeCall(item.entry.call), chars: item.entry.answer?.length })))}; ${call} ${difference}`,
    mistake: 'result-changed',
    transcript: lines,
  };
}

/**
 * Where a result first differs from what it should be, quoted from just before that place on both
 * sides: `fed back "x" where the tool's answer reads "src/calc.js…"`, `matches its first
 * 57 characters, then reads …`, or where one of them stops short.
 */
export function describeDifference({ got, expected }: { got: string; expected: string }): string {
  let at = 0;
  while (at < got.length && at < expected.length && got[at] === expected[at]) at += 1;
  const from = at <= QUOTED_BEFORE ? 0 : at - QUOTED_BEFORE;
  const quote = (text: string) => {
    const shown = text.slice(from, at + QUOTED_CHARS);
    return JSON.stringify(
      `${from > 0 ? '…' : ''}${shown}${text.length > at + QUOTED_CHARS ? '…' : ''}`,
    );
  };
  const theirs = `the tool's answer`;
  if (got === '') return `fed back nothing where ${theirs} reads ${quote(expected)}`;
  if (at === got.length) {
    return `stops after its first ${at} characters, where ${theirs} goes on ${quote(expected)}`;
  }
  if (at === expected.length) {
    return `matches ${theirs} whole, then goes on ${quote(got)}`;
  }
  const where = at === 0 ? 'fed back' : `matches its first ${at} characters, then reads`;
  return `${where} ${quote(got)} where ${theirs} reads ${quote(expected)}`;
}
