// Generated from solutions/d1/src/explain-failure.ts (day 1's solution, finished) by
// `pnpm starter d1`. Do not edit it here: change the solution and run that again.
import { describeCause } from '@agent-course/core';
import type { CallFailure } from '@agent-course/core';
import { APIConnectionError, APIConnectionTimeoutError, APIError } from 'openai';

/** Where the SDK sends requests when OPENAI_BASE_URL is unset. */
const DEFAULT_BASE_URL = 'https://api.openai.com/v1';
/** The most of the server's own sentence quoted; a body can be any length, a message one line. */
export const MAX_QUOTED_CHARS = 300;

/**
 * One message for a failed call: what went wrong, in the server's words when it sent some, and
 * the setting to check. Never a stack trace, and never the key: only the variable that holds it.
 */
export function explainFailure({ error, endpoint }: CallFailure): string {
  // The timeout is a kind of connection error, so it is asked about first.
  if (error instanceof APIConnectionTimeoutError) {
    return `the model endpoint at ${endpoint} did not answer in time. Check that the server is running and reachable from here, and whether a proxy or firewall is in the way.`;
  }
  if (error instanceof APIConnectionError) {
    return `could not reach the model endpoint at ${endpoint} (${describeCause(error.cause ?? error)}). Check that the server is running, that the URL is right (OPENAI_BASE_URL; when unset, ${DEFAULT_BASE_URL}), and whether a proxy is needed or in the way.`;
  }
  if (error instanceof APIError && error.status !== undefined) {
    const said = serverSays(error);
    const status = said === undefined ? `${error.status}` : `${error.status}: ${said}`;
    return `the model endpoint at ${endpoint} answered ${status}. ${whatToCheck(error.status)}`;
  }
  // The SDK parses each event of the stream as JSON; an endpoint that is not Chat Completions fails here.
  if (error instanceof SyntaxError) {
    return `the stream from ${endpoint} carried an event that is not JSON (${error.message}); the notice above quotes it. Try again, and check that the URL points at a Chat Completions endpoint if it keeps happening.`;
  }
  const message = error instanceof Error ? error.message : String(error);
  return `the call to ${endpoint} failed: ${oneLine(message)}.`;
}

/** What a person does about each status: the setting that is most likely wrong. */
function whatToCheck(status: number): string {
  if (status === 401) return 'Check OPENAI_API_KEY: it must hold a key this endpoint accepts.';
  if (status === 403) {
    return 'The key was read but may not use this model or project; check OPENAI_API_KEY and MODEL.';
  }
  if (status === 404) {
    return 'Check MODEL, and that OPENAI_BASE_URL ends where Chat Completions lives (often /v1).';
  }
  if (status === 429)
    return 'Too many requests or no quota left: wait a minute, or check the account.';
  if (status >= 500) return 'The endpoint failed on its side: try again shortly.';
  return 'Check MODEL and OPENAI_BASE_URL; the server says what it refused.';
}

/**
 * The server's own sentence: the SDK parses a JSON error body and keeps its `error` object, whose
 * `message` is what the server said. Cut to one short line, since a body can be anything.
 */
function serverSays(error: APIError): string | undefined {
  const body: unknown = error.error;
  const message = (body as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' && message.trim() !== '' ? oneLine(message) : undefined;
}

function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= MAX_QUOTED_CHARS ? flat : `${flat.slice(0, MAX_QUOTED_CHARS)}…`;
}
