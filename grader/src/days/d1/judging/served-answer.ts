import { groupDigits } from '@agent-course/core';
import type { RealRun, RealRunRequest } from '../../../process-control/start-real-run';
import type { ServedAnswer } from '../../../process-control/serve-paced-answer';
import { createRandom } from '../../d3/judging/variants/create-random';
import { WORDS } from './answer-stream';

/** The shortest and longest wait before a served answer's first piece. */
const FIRST_PIECE_DELAY_MS = { min: 150, max: 450 };

/**
 * The real run of as-it-arrives and first-token-and-usage: `pnpm start` with the README's
 * variables at an endpoint of the grader's, which streams words of the seed's (paced by what the
 * lab prints when `pacedByStdout`) with usage of the seed's, after a wait of the seed's.
 */
export function servedRun({
  salt,
  pacedByStdout,
}: {
  /** Tells the checks' answers apart. */
  salt: string;
  pacedByStdout: boolean;
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
  return { environment: {}, served, endsWell: (seed) => servedWell(served(seed)) };
}

/** What a lab that does everything right shows of a served answer (for judgeInProcess). */
function servedWell(answer: ServedAnswer): RealRun {
  const { promptTokens, completionTokens } = answer.usage;
  const firstTokenMs = answer.firstPieceDelayMs + 3;
  return {
    kind: 'ended',
    exitCode: 0,
    signal: null,
    stderr: '',
    served: {
      endpoint: { requests: 1, piecesSent: answer.pieces.length, finished: true },
      stdout: `${answer.pieces.join('')}\n· first token after ${firstTokenMs} ms · ${groupDigits(promptTokens)} tokens in, ${groupDigits(completionTokens)} out · finish reason stop\n`,
      elapsedMs: firstTokenMs + 900,
    },
  };
}

/** The command a served run stands for, as the checks' messages name it. */
export const SERVED_COMMAND = "OPENAI_BASE_URL=<the grader's endpoint> pnpm start";
