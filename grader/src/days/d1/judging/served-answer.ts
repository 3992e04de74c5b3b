import { groupDigits } from '@agent-course/core';
import type { RealRun, RealRunRequest } from '../../../process-control/start-real-run';
import type { ServedAnswer } from '../../../process-control/serve-paced-answer';
import { createRandom } from '../../../judging/create-random';
import { WORDS } from './answer-stream';

/** The shortest and longest wait before a served answer's first piece. */
const FIRST_PIECE_DELAY_MS = { min: 150, max: 450 };
/**
 * How long after its start a run that is asked late gets its question: longer than the lab's
 * start-up takes, so a time counted from the program's start runs past what the grader can bound.
 */
const ASK_AFTER_MS = 1000;

/**
 * The real run of as-it-arrives and first-token-and-usage: `pnpm start` with the README's
 * variables at an endpoint of the grader's, which streams words of the seed's (paced by what the
 * lab prints when `pacedByStdout`) with usage of the seed's, after a wait of the seed's.
 */
export function servedRun({
  salt,
  pacedByStdout,
  askedLate = false,
}: {
  /** Tells the checks' answers apart. */
  salt: string;
  pacedByStdout: boolean;
  /** Runs `pnpm start -`, the question written ASK_AFTER_MS after the start (see askAfterMs). */
  askedLate?: boolean;
}): RealRunRequest & { served: (seed: number) => ServedAnswer } {
  const served = (seed: number): ServedAnswer => {
    const random = createRandom({ seed, salt: `${salt}-served` });
    return {
      pieces: Array.from({ length: random.integer(4, 7) }, () => `${random.pick(WORDS)} `),
      usage: { promptTokens: random.integer(10, 3000), completionTokens: random.integer(3, 500) },
      firstPieceDelayMs: random.integer(FIRST_PIECE_DELAY_MS.min, FIRST_PIECE_DELAY_MS.max),
      pacedByStdout,
    };
  };
  return {
    environment: {},
    served,
    ...(askedLate ? { askAfterMs: ASK_AFTER_MS } : {}),
    endsWell: (seed) => servedWell({ answer: served(seed), askedLate }),
  };
}

/** What a lab that does everything right shows of a served answer (for judgeInProcess). */
function servedWell({ answer, askedLate }: { answer: ServedAnswer; askedLate: boolean }): RealRun {
  const { promptTokens, completionTokens } = answer.usage;
  const firstTokenMs = answer.firstPieceDelayMs + 3;
  const askedAtMs = askedLate ? ASK_AFTER_MS : 0;
  return {
    kind: 'ended',
    exitCode: 0,
    signal: null,
    stderr: '',
    served: {
      endpoint: { requests: 1, piecesSent: answer.pieces.length, finished: true },
      stdout: `${answer.pieces.join('')}\n· first token after ${firstTokenMs} ms · ${groupDigits(promptTokens)} tokens in, ${groupDigits(completionTokens)} out · finish reason stop\n`,
      elapsedMs: askedAtMs + firstTokenMs + 900,
      ...(askedLate ? { askedAtMs } : {}),
      lastOutputMs: askedAtMs + firstTokenMs + 20,
    },
  };
}

/** The command a served run stands for, as the checks' messages name it. */
export const SERVED_COMMAND = "OPENAI_BASE_URL=<the grader's endpoint> pnpm start";
/** The same, for a run that is asked its question on stdin. */
export const SERVED_ASKED_COMMAND = `echo <a question> | ${SERVED_COMMAND} -`;
