import { describeCause } from '@agent-course/core';
import type { CallFailure } from '@agent-course/core';
import { APIConnectionError, APIConnectionTimeoutError, APIError } from 'openai';

/** Where the SDK sends requests when OPENAI_BASE_URL is unset. */
const DEFAULT_BASE_URL = 'https://api.openai.com/v1';
/** The most of the server's own sentence quoted; a body can be any length, a message one line. */
export const MAX_QUOTED_CHARS = 300;

// TODO(3): explainFailure: put a failed call into one message that says what to do
//   Ask what the SDK threw, most specific first: APIConnectionTimeoutError, then APIConnectionError
//   (name the URL, the cause from describeCause and OPENAI_BASE_URL), then APIError with a status:
//   quote the server's own sentence from its JSON body (error.error.message), cut to
//   MAX_QUOTED_CHARS on one line, and name the setting to check: OPENAI_API_KEY for 401, MODEL and
//   OPENAI_BASE_URL for 404, waiting for 429, retrying for 5xx, and only that one: a message naming
//   every setting helps with no failure. Never a stack trace, and never the key itself.
/**
 * One message for a failed call: what went wrong, in the server's words when it sent some, and
 * the setting to check. Never a stack trace, and never the key: only the variable that holds it.
 */
export function explainFailure({ error }: CallFailure): string {
  return String(error instanceof Error ? error.stack : error);
}
