import { createToolRegistry, globTool, grepTool, readFileTool } from '@agent-course/agent';
import type { ToolDef, ToolResult } from '@agent-course/core';
import { createSandbox } from '@agent-course/sandbox';
import type { CheckOutcome } from '../../../check';
import { answeredCalls } from '../conversation-facts';
import { describeTranscript, type LabTranscript } from '../lab-transcript';
import type { ScriptedScenario } from '../scripted-run/scripted-scenario';
import { createStandInTool } from '../scripted-run/stand-in-tool';

/** Day 3's finished tools (`@agent-course/agent`), by the names a script's registry gives them. */
const FINISHED_TOOLS: Record<'glob' | 'grep' | 'read_file', ToolDef> = {
  glob: globTool,
  grep: grepTool,
  read_file: readFileTool,
};

/** How much of a result the report quotes, on each side of the first difference. */
const QUOTED_CHARS = 80;
/** How much of what came before the first difference the quote keeps, to show where it is. */
const QUOTED_BEFORE = 20;

/** A call of a script and what the finished registry answers it with. */
export interface FinishedAnswer {
  call: { name: string; args: string };
  result: ToolResult;
}

/**
 * What day 3's finished registry, holding the finished tools (and the script's stand-ins), answers
 * each call of the script with, in the order sent: worked out here in the grader, on a sandbox of
 * its own, with no code of the lab's. The sandbox is the one the lab's run is played on (the same
 * files), in a fresh folder of the grader's (private to it when it runs as root); the answers are
 * cut to the budget as the lab's registry must cut them.
 */
export async function answerAsFinished(script: ScriptedScenario): Promise<FinishedAnswer[]> {
  const registry = createToolRegistry(
    script.tools.map((entry) =>
      'lab' in entry ? FINISHED_TOOLS[entry.lab] : createStandInTool(entry),
    ),
  );
  const sandbox = await createSandbox();
  try {
    const answers: FinishedAnswer[] = [];
    for (const [position, call] of script.turns.flatMap((turn) => turn.toolCalls ?? []).entries()) {
      const result = await registry.execute(
        { id: `finished_${position}`, name: call.name, args: call.args },
        { cwd: sandbox.directory, signal: new AbortController().signal },
      );
      answers.push({ call, result });
    }
    return answers;
  } finally {
    await sandbox.cleanup();
  }
}

/**
 * Judges the calls of a scripted run that should work, by what they fed back: each call the
 * finished registry answers with ok: true must come back ok and feed back exactly what it does
 * (the read-only tools give the same answer on the same files). A transcript built from the script
 * alone, without running the lab's tools, fails here. Failed calls are left to the check's own
 * judging, which reads what they name. With `whenChanged`, a difference gets that mistake.
 */
export async function judgeWorkingResults({
  transcript,
  script,
  whenChanged,
}: {
  transcript: LabTranscript;
  script: ScriptedScenario;
  whenChanged: { mistake: string };
}): Promise<CheckOutcome> {
  const lines = describeTranscript(transcript);
  const finished = await answerAsFinished(script);
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
  const changed = working.find(({ entry, expected, ok }) => !ok || entry.answer !== expected);
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
    expected: `${script.label}: each working call to feed back its tool's answer, as day 3's finished tools give it on the sandbox: ${sizes(working.map((item) => ({ call: describeCall(item.entry.call), chars: item.expected.length })))}`,
    got: `${sizes(working.map((item) => ({ call: describeCall(item.entry.call), chars: item.entry.answer?.length })))}; ${call} ${difference}`,
    ...whenChanged,
    transcript: lines,
  };
}

/**
 * Where a result first differs from what it should be, quoted from just before that place on both
 * sides: `fed back "x" where the finished tool's answer reads "src/calc.js…"`, `matches its first
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
  const theirs = `the finished tool's answer`;
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
