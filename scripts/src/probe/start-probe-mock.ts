import { createScriptedModel, startLoopbackServer } from '@agent-course/core/offline';
import type { LoopbackServer, ScriptedTurn } from '@agent-course/core/offline';

/** The two calls the scripted gateway answers the probe's question with. */
const PARALLEL_CALLS: ScriptedTurn = {
  toolCalls: [
    { name: 'glob', args: '{"pattern":"**/*.ts"}' },
    { name: 'grep', args: '{"pattern":"TODO"}' },
  ],
};

/**
 * The offline gateway for `MOCK=1 pnpm probe`: a scripted model on a loopback server that, like
 * the gateway measured in the chapter, starts the call index at 1 on one request and at 0 on the
 * next, with the calls' fragments interleaved.
 */
export function startProbeMock(): Promise<LoopbackServer> {
  const [fromOne, fromZero] = [1, 0].map((indexBase) =>
    createScriptedModel({
      steps: [() => PARALLEL_CALLS],
      quirks: { indexBase, interleave: true },
    }),
  );
  let requests = 0;
  return startLoopbackServer({
    respond: (body) => (requests++ % 2 === 0 ? fromOne! : fromZero!).respond(body),
  });
}
