/**
 * Thrown by a fake endpoint's answer for a request a real endpoint refuses: the server answers it
 * with a 400 and its message, as OpenAI answers `invalid_request_error`, instead of the 500 any
 * other throw becomes.
 */
export class RefusedRequest extends Error {
  override name = 'RefusedRequest';
}
